// JacksonBench runs jgen's string-writing matrix (docs/DESIGN.md §6) on jackson-core
// and prints the results in Go benchmark format, so benchstat can read them.
//
// One op writes 200 strings as one JSON array with a fresh generator:
// writeStartArray, 200 x writeString, writeEndArray, flush, close.
// The cells are backend (stream|writer) x input (string|chars) x
// preset (default|ascii) x content (ascii|escaped|unicode) x len (12|100|1000).

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.json.PackageVersion;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

public final class JacksonBench {

    // ---- the matrix: must match the Go side exactly ----

    static final String ALPHABET =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_/";
    static final int STRINGS_PER_OP = 200;
    static final int[] LENGTHS = {12, 100, 1000};
    static final String[] CONTENTS = {"ascii", "escaped", "unicode"};
    static final String[] BACKENDS = {"stream", "writer"};
    static final String[] INPUTS = {"string", "chars"};
    static final String[] PRESETS = {"default", "ascii"};
    static final String[] CONFIGS = {"minimal", "slash", "apostrophe", "html", "runes"};
    static final String[] SETS = {"fixed", "drawn", "escaping"};
    static final int EMOJI = 0x1F600;
    static final int E_ACUTE = 0xE9;

    /** splitmix64 (Steele, Lea, Flood 2014); all arithmetic is mod 2^64. */
    static final class SplitMix64 {
        private long state;

        SplitMix64(long seed) {
            state = seed;
        }

        long next() {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    /** The i-th string (0-based) of the cell (content, len); len counts code points. */
    static String makeString(String content, int len, int i) {
        SplitMix64 rng = new SplitMix64(1L + i + 1000L * len);
        long n = ALPHABET.length();
        int[] cps = new int[len];
        for (int j = 0; j < len; j++) {
            cps[j] = ALPHABET.charAt((int) Long.remainderUnsigned(rng.next(), n));
        }
        switch (content) {
            case "ascii":
                break;
            case "escaped":
                cps[len - 2] = '"';
                break;
            case "unicode":
                for (int j = 9; j < len; j += 10) {
                    cps[j] = E_ACUTE;
                }
                cps[len / 2] = EMOJI;
                break;
            default:
                throw new IllegalArgumentException("content " + content);
        }
        return new String(cps, 0, len);
    }

    static String[] makeStrings(String content, int len) {
        String[] s = new String[STRINGS_PER_OP];
        for (int i = 0; i < s.length; i++) {
            s[i] = makeString(content, len, i);
        }
        return s;
    }

    // ---- the drawn cells (bench/drawn.go): positions drawn per string, pools rotated per op ----

    /** Pool size of a drawn cell: 4096 strings, 896 at len=1000 (at most 1 MiB of input). */
    static int drawnPoolSize(int len) {
        return len >= 1000 ? 896 : 4096;
    }

    /** The i-th string of the drawn cell (content, len), as bench/drawn.go's DrawnString. */
    static String makeDrawnString(String content, int len, int i) {
        SplitMix64 rng = new SplitMix64((1L << 32) + 1L + i + 1000L * len);
        long n = ALPHABET.length();
        int[] cps = new int[len];
        for (int j = 0; j < len; j++) {
            cps[j] = ALPHABET.charAt((int) Long.remainderUnsigned(rng.next(), n));
        }
        switch (content) {
            case "ascii":
                break;
            case "escaped":
                cps[(int) Long.remainderUnsigned(rng.next(), len)] = '"';
                break;
            case "unicode": {
                int[] idx = new int[len];
                for (int j = 0; j < len; j++) {
                    idx[j] = j;
                }
                int m = len / 10 + 1;
                for (int t = 0; t < m; t++) {
                    int r = t + (int) Long.remainderUnsigned(rng.next(), len - t);
                    int x = idx[t];
                    idx[t] = idx[r];
                    idx[r] = x;
                }
                cps[idx[0]] = EMOJI;
                for (int t = 1; t < m; t++) {
                    cps[idx[t]] = E_ACUTE;
                }
                break;
            }
            default:
                throw new IllegalArgumentException("content " + content);
        }
        return new String(cps, 0, len);
    }

    static String[] makeDrawnPool(String content, int len) {
        String[] s = new String[drawnPoolSize(len)];
        for (int i = 0; i < s.length; i++) {
            s[i] = makeDrawnString(content, len, i);
        }
        return s;
    }

    static long utf8Bytes(String[] strings) {
        long n = 0;
        for (String s : strings) {
            n += s.getBytes(StandardCharsets.UTF_8).length;
        }
        return n;
    }

    // ---- reusable sinks: no copying, reset per op ----

    static final class ByteSink extends OutputStream {
        byte[] buf = new byte[1 << 16];
        int len;

        void reset() {
            len = 0;
        }

        private void ensure(int extra) {
            if (len + extra > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
            }
        }

        @Override
        public void write(int b) {
            ensure(1);
            buf[len++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int n) {
            ensure(n);
            System.arraycopy(b, off, buf, len, n);
            len += n;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    static final class CharSink extends Writer {
        char[] buf = new char[1 << 16];
        int len;

        void reset() {
            len = 0;
        }

        private void ensure(int extra) {
            if (len + extra > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
            }
        }

        @Override
        public void write(int c) {
            ensure(1);
            buf[len++] = (char) c;
        }

        @Override
        public void write(char[] c, int off, int n) {
            ensure(n);
            System.arraycopy(c, off, buf, len, n);
            len += n;
        }

        @Override
        public void write(String s, int off, int n) {
            ensure(n);
            s.getChars(off, off + n, buf, len);
            len += n;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    // ---- one cell ----

    static final class Cell {
        final String name;
        final String set, backend, input, preset, content;
        final int len;
        final JsonFactory factory;
        // ring: the strings an op writes, ops from start on; for fixed cells
        // exactly STRINGS_PER_OP strings, for drawn cells the pool followed by
        // its first STRINGS_PER_OP-1 strings, so every window is contiguous.
        final String[] ring;
        final char[][] chars;
        final int pool;
        int start;
        final long inputBytes;
        final ByteSink bytes = new ByteSink();
        final CharSink charSink = new CharSink();
        final boolean stream, useChars;

        /**
         * set is "fixed" (the matrix), "drawn" (bench/drawn.go's pools) or "escaping"
         * (preset is then a configuration name).
         */
        Cell(String set, String backend, String input, String preset, String content, int len,
                JsonFactory factory) {
            this.set = set;
            this.backend = backend;
            this.input = input;
            this.preset = preset;
            this.content = content;
            this.len = len;
            this.factory = factory;
            String tail = "/content=" + content + "/len=" + len;
            switch (set) {
                case "fixed":
                    this.name = "BenchmarkJackson/backend=" + backend + "/input=" + input
                            + "/preset=" + preset + tail;
                    break;
                case "drawn":
                    this.name = "BenchmarkJacksonDrawn/backend=" + backend + "/input=" + input
                            + "/preset=" + preset + tail;
                    break;
                default:
                    this.name = "BenchmarkJacksonEscaping/config=" + preset + "/backend=" + backend
                            + "/input=" + input + tail;
            }
            String[] base = set.equals("drawn") ? makeDrawnPool(content, len) : makeStrings(content, len);
            this.pool = base.length;
            this.ring = Arrays.copyOf(base, base.length + STRINGS_PER_OP - 1);
            for (int i = base.length; i < ring.length; i++) {
                ring[i] = base[i - base.length];
            }
            this.chars = new char[ring.length][];
            for (int i = 0; i < ring.length; i++) {
                chars[i] = ring[i].toCharArray();
            }
            this.inputBytes = utf8Bytes(window());
            this.stream = backend.equals("stream");
            this.useChars = input.equals("chars");
        }

        /** The strings the next op writes. */
        String[] window() {
            return Arrays.copyOfRange(ring, start, start + STRINGS_PER_OP);
        }

        /** One op; returns the output length (bytes or chars) to feed the checksum. */
        int op() throws IOException {
            JsonGenerator g;
            if (stream) {
                bytes.reset();
                g = factory.createGenerator(bytes, JsonEncoding.UTF8);
            } else {
                charSink.reset();
                g = factory.createGenerator(charSink);
            }
            g.writeStartArray();
            int end = start + STRINGS_PER_OP;
            if (useChars) {
                for (int i = start; i < end; i++) {
                    char[] c = chars[i];
                    g.writeString(c, 0, c.length);
                }
            } else {
                for (int i = start; i < end; i++) {
                    g.writeString(ring[i]);
                }
            }
            g.writeEndArray();
            g.flush();
            g.close(); // hands the generator's buffers back to Jackson's BufferRecycler
            start += STRINGS_PER_OP;
            if (start >= pool) {
                start -= pool;
            }
            return stream ? bytes.len : charSink.len;
        }

        /** Runs n ops and returns the elapsed nanoseconds. */
        long run(long n) throws IOException {
            long sum = 0;
            long t0 = System.nanoTime();
            for (long k = 0; k < n; k++) {
                sum += op();
            }
            long dt = System.nanoTime() - t0;
            checksum += sum;
            return dt;
        }
    }

    static long checksum;

    // ---- expected output, written by hand from RFC 8259 and Jackson 2.14's rules ----

    /**
     * The JSON Jackson 2.14 should write. Only '"' and '\\' need escaping in this
     * alphabet. With ESCAPE_NON_ASCII every char above U+007F becomes \\uXXXX
     * (upper-case hex; the emoji as its surrogate pair). Without it the Writer back
     * end passes é and the emoji through; UTF8JsonGenerator writes é as UTF-8 but,
     * in 2.14, each surrogate of the emoji as a \\uXXXX escape (it never combines a
     * surrogate pair into one 4-byte UTF-8 sequence).
     */
    static String expected(String[] strings, boolean stream, boolean escapeNonAscii, String config) {
        StringBuilder b = new StringBuilder();
        b.append('[');
        char q = config.equals("apostrophe") ? '\'' : '"';
        for (int i = 0; i < strings.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(q);
            String s = strings[i];
            for (int k = 0; k < s.length(); k++) {
                char c = s.charAt(k);
                if (c == '"' || c == '\\') {
                    b.append('\\').append(c);
                } else if (config.equals("slash") && c == '/') {
                    b.append("\\/");
                } else if ((config.equals("apostrophe") && c == '\'')
                        || (config.equals("html") && "<>&'".indexOf(c) >= 0)) {
                    b.append(String.format("\\u%04X", (int) c));
                } else if (c > 0x7F && (escapeNonAscii
                        || (stream && Character.isSurrogate(c)))) {
                    b.append(String.format("\\u%04X", (int) c));
                } else {
                    b.append(c);
                }
            }
            b.append(q);
        }
        b.append(']');
        return b.toString();
    }

    static void verify(Cell c) throws IOException {
        String want = expected(c.window(), c.stream, c.preset.equals("ascii"),
                c.set.equals("escaping") ? c.preset : "");
        c.op();
        boolean ok;
        String got;
        if (c.stream) {
            byte[] out = Arrays.copyOf(c.bytes.buf, c.bytes.len);
            ok = Arrays.equals(out, want.getBytes(StandardCharsets.UTF_8));
            got = new String(out, StandardCharsets.UTF_8);
        } else {
            got = new String(c.charSink.buf, 0, c.charSink.len);
            ok = got.equals(want);
        }
        if (!ok) {
            int k = 0;
            while (k < got.length() && k < want.length() && got.charAt(k) == want.charAt(k)) {
                k++;
            }
            int from = Math.max(0, k - 20);
            throw new IllegalStateException(c.name + ": output differs from expected at char "
                    + k + "\n  got:  ..." + got.substring(from, Math.min(got.length(), k + 40))
                    + "\n  want: ..." + want.substring(from, Math.min(want.length(), k + 40)));
        }
    }

    /** Describes how the first unicode string's é and emoji came out, from the real output. */
    static String describeUnicode(Cell c) throws IOException {
        c.op();
        byte[] out;
        if (c.stream) {
            out = Arrays.copyOf(c.bytes.buf, c.bytes.len);
        } else {
            out = new String(c.charSink.buf, 0, c.charSink.len).getBytes(StandardCharsets.UTF_8);
        }
        // First string value: from after `["` to the next `"` (unicode strings hold no quote).
        int end = 2;
        while (out[end] != '"') {
            end++;
        }
        String first = new String(out, 2, end - 2, StandardCharsets.ISO_8859_1);
        String e = first.contains("\u00C3\u00A9") ? "raw C3 A9"
                : first.contains("\\u00E9") ? "\\u00E9" : "?";
        String emoji = first.contains("\u00F0\u009F\u0098\u0080") ? "raw F0 9F 98 80"
                : first.contains("\\uD83D\\uDE00") ? "\\uD83D\\uDE00 (escaped surrogate pair)"
                : first.contains("\\ud83d\\ude00") ? "\\ud83d\\ude00 (escaped surrogate pair)" : "?";
        String where = c.stream ? "UTF8JsonGenerator" : "WriterBasedJsonGenerator, output as UTF-8";
        return "# backend=" + c.backend + " preset=" + c.preset + " (" + where + "): U+00E9 -> "
                + e + ", U+1F600 -> " + emoji;
    }

    // ---- Go-style timing ----

    /** Same as testing.B.launch: grow n until one run takes at least goal ns. */
    static long[] measure(Cell c, long goalNs) throws IOException {
        long n = 1;
        long ns = c.run(n);
        while (ns < goalNs && n < 1_000_000_000L) {
            long last = n;
            long prevNs = Math.max(ns, 1);
            n = (long) ((double) goalNs * last / prevNs);
            n += n / 5;
            n = Math.min(n, 100 * last);
            n = Math.max(n, last + 1);
            n = Math.min(n, 1_000_000_000L);
            ns = c.run(n);
        }
        return new long[] {n, ns};
    }

    /**
     * Runs the cell in ~100 ms batches for at least minNs, then until the last three
     * batches agree within 2% (JIT settled), or maxNs is spent.
     */
    static String warmUp(Cell c, long minNs, long maxNs) throws IOException {
        long batch = 1;
        while (c.run(batch) < 10_000_000L) {
            batch *= 2;
        }
        batch = Math.max(1, batch * 10); // ~100 ms
        double[] recent = new double[3];
        int k = 0;
        long start = System.nanoTime();
        while (true) {
            double per = (double) c.run(batch) / batch;
            recent[k++ % 3] = per;
            long spent = System.nanoTime() - start;
            if (spent >= maxNs) {
                return String.format("%.1fs, not settled (last batches %.0f/%.0f/%.0f ns/op)",
                        spent / 1e9, recent[0], recent[1], recent[2]);
            }
            if (spent >= minNs && k >= 3) {
                double lo = Math.min(recent[0], Math.min(recent[1], recent[2]));
                double hi = Math.max(recent[0], Math.max(recent[1], recent[2]));
                if (hi <= lo * 1.02) {
                    return String.format("%.1fs, settled at %.0f ns/op", spent / 1e9, per);
                }
            }
        }
    }

    static String fmtNs(double x) {
        double y = Math.abs(x);
        if (y == 0 || y >= 999.95) {
            return String.format("%10.0f", x);
        } else if (y >= 99.995) {
            return String.format("%12.1f", x);
        } else if (y >= 9.9995) {
            return String.format("%13.2f", x);
        }
        return String.format("%14.3f", x);
    }

    // ---- main ----

    static JsonFactory factory(String preset) {
        switch (preset) {
            case "default":
                return new JsonFactory();
            case "ascii":
                return JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();
            case "minimal":
                return new JsonFactory();
            case "slash":
                // 2.14 has no ESCAPE_FORWARD_SLASHES: users set a CharacterEscapes.
                return withEscapes(new TableEscapes("/", false));
            case "apostrophe":
                return new JsonFactoryBuilder().quoteChar('\'').build();
            case "html":
                return withEscapes(new TableEscapes("<>&'", false));
            case "runes":
                return withEscapes(new TableEscapes("", true));
            default:
                throw new IllegalArgumentException(preset);
        }
    }

    /**
     * The cells of one set: "fixed", the matrix on both back ends, both inputs, both presets;
     * "drawn", the drawn pools on both back ends with string input, both presets; "escaping",
     * the configurations on the stream back end with string input (minimal first, the
     * reference of the ratios).
     */
    static List<Cell> cellsOf(String set) {
        List<Cell> cells = new ArrayList<>();
        String[] backends = set.equals("escaping") ? new String[] {"stream"} : BACKENDS;
        String[] inputs = set.equals("fixed") ? INPUTS : new String[] {"string"};
        String[] presets = set.equals("escaping") ? CONFIGS : PRESETS;
        for (String backend : backends) {
            for (String input : inputs) {
                for (String preset : presets) {
                    JsonFactory fac = factory(preset);
                    for (String content : CONTENTS) {
                        for (int len : LENGTHS) {
                            cells.add(new Cell(set, backend, input, preset, content, len, fac));
                        }
                    }
                }
            }
        }
        return cells;
    }

    static JsonFactory withEscapes(CharacterEscapes ce) {
        JsonFactory f = new JsonFactory();
        f.setCharacterEscapes(ce);
        return f;
    }

    /**
     * The escaping configurations of bench/configs.go as a CharacterEscapes: the standard
     * JSON table plus '/' as \/ (custom sequence) or other ASCII characters as \\u00XX
     * (ESCAPE_STANDARD); with runes, U+2028 and U+2029 as \\u2028 and \\u2029 (absent from
     * every input: Jackson asks getEscapeSequence for each non-ASCII char and finds nothing).
     */
    static final class TableEscapes extends CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();
        private final boolean runes;
        private static final SerializedString SLASH = new SerializedString("\\/");
        private static final SerializedString LS = new SerializedString("\\u2028");
        private static final SerializedString PS = new SerializedString("\\u2029");

        TableEscapes(String standard, boolean runes) {
            this.runes = runes;
            for (char c : standard.toCharArray()) {
                ascii[c] = c == '/' ? ESCAPE_CUSTOM : ESCAPE_STANDARD;
            }
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            if (ch == '/') {
                return SLASH;
            }
            if (runes && ch == 0x2028) {
                return LS;
            }
            if (runes && ch == 0x2029) {
                return PS;
            }
            return null;
        }
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            // fall through
        }
        return System.getProperty("os.arch");
    }

    static void usage(String msg) {
        System.err.println("JacksonBench: " + msg);
        System.err.println("usage: JacksonBench [-count N] [-benchtime MS|Nms|Ns] [-filter REGEX]"
                + " [-warmup MS] [-procs N] [-set fixed,drawn,escaping] [-fingerprint]");
        System.exit(2);
    }

    static long parseMillis(String v) {
        if (v.endsWith("ms")) {
            return Long.parseLong(v.substring(0, v.length() - 2));
        } else if (v.endsWith("s")) {
            return Math.round(Double.parseDouble(v.substring(0, v.length() - 1)) * 1000);
        }
        return Long.parseLong(v);
    }

    public static void main(String[] args) throws IOException {
        int count = 6;
        long benchMs = 1000;
        long warmMs = 2000;
        Pattern filter = null;
        int procs = -1;
        boolean fingerprint = false;
        List<String> sets = new ArrayList<>(Arrays.asList(SETS));
        try {
            for (int a = 0; a < args.length; a++) {
                String f = args[a].replaceFirst("^--", "-");
                switch (f) {
                    case "-count":
                        count = Integer.parseInt(args[++a]);
                        break;
                    case "-benchtime":
                        benchMs = parseMillis(args[++a]);
                        break;
                    case "-warmup":
                        warmMs = parseMillis(args[++a]);
                        break;
                    case "-filter":
                        filter = Pattern.compile(args[++a]);
                        break;
                    case "-procs":
                        procs = Integer.parseInt(args[++a]);
                        break;
                    case "-set":
                        sets = Arrays.asList(args[++a].split(","));
                        for (String set : sets) {
                            if (!Arrays.asList(SETS).contains(set)) {
                                usage("unknown -set " + set);
                            }
                        }
                        break;
                    case "-fingerprint":
                        fingerprint = true;
                        break;
                    default:
                        usage("unknown flag " + args[a]);
                }
            }
        } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
            usage("bad arguments: " + e.getMessage());
        }
        if (count < 1 || benchMs < 1 || warmMs < 0) {
            usage("-count and -benchtime must be positive");
        }

        if (fingerprint) {
            printFingerprints();
            return;
        }

        if (procs < 0) {
            procs = onlineCpus();
        }
        String suffix = procs == 1 ? "" : "-" + procs; // go test omits -1

        List<Cell> cells = new ArrayList<>();
        for (String set : sets) {
            for (Cell c : cellsOf(set)) {
                if (filter == null || filter.matcher(c.name).find()) {
                    cells.add(c);
                }
            }
        }
        if (cells.isEmpty()) {
            usage("-filter matches no benchmark");
        }

        System.out.println("# java: " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor")
                + "); jackson-core: " + PackageVersion.VERSION + " ("
                + JsonFactory.class.getProtectionDomain().getCodeSource().getLocation().getPath()
                + ")");
        System.out.println("# " + STRINGS_PER_OP + " strings per op, one JSON array; count="
                + count + " benchtime=" + benchMs + "ms warmup>=" + warmMs
                + "ms per cell; MB/s counts input UTF-8 bytes");
        System.out.println("# loadavg at start: " + loadAvg());

        // Verify every cell before any timing, and record how non-ASCII came out.
        List<String> notes = new ArrayList<>();
        for (Cell c : cells) {
            for (int k = c.set.equals("drawn") ? 3 : 1; k > 0; k--) {
                verify(c);
            }
            if (c.set.equals("fixed") && c.content.equals("unicode") && c.input.equals("string")
                    && c.len == 12) {
                notes.add(describeUnicode(c));
            }
        }
        for (String n : notes) {
            System.out.println(n);
        }

        // Pre-warm: touch every cell so JIT profiles see every generator class and
        // input shape before anything is measured; cells then run under the same
        // (polluted) profile whatever their order.
        for (int round = 0; round < 3; round++) {
            for (Cell c : cells) {
                long t0 = System.nanoTime();
                while (System.nanoTime() - t0 < 20_000_000L) {
                    c.run(16);
                }
            }
        }

        System.out.println("goos: linux");
        System.out.println("goarch: " + goarch());
        System.out.println("pkg: jackson");
        System.out.println("cpu: " + cpuModel());
        System.out.flush();

        long totalInput = 0;
        for (Cell c : cells) {
            String w = warmUp(c, warmMs * 1_000_000L, 3 * warmMs * 1_000_000L);
            System.err.println("warm-up " + c.name + ": " + w);
            totalInput += c.inputBytes;
            for (int r = 0; r < count; r++) {
                long[] m = measure(c, benchMs * 1_000_000L);
                double nsPerOp = (double) m[1] / m[0];
                double mbs = c.inputBytes * m[0] / 1e6 / (m[1] / 1e9);
                System.out.printf("%s%s\t%8d\t%s ns/op\t%8.2f MB/s%n", c.name, suffix, m[0],
                        fmtNs(nsPerOp), mbs);
                System.out.flush();
            }
        }
        System.out.println("PASS");
        System.out.println("# loadavg at end: " + loadAvg());
        System.out.println("# checksum: " + checksum + " (sum of output lengths; "
                + cells.size() + " cells, " + totalInput + " input bytes per op summed)");
    }

    /** /proc/loadavg, so a noisy run is visible in its own output. */
    static String loadAvg() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    static String goarch() {
        String a = System.getProperty("os.arch");
        switch (a) {
            case "amd64":
            case "x86_64":
                return "amd64";
            case "aarch64":
                return "arm64";
            default:
                return a;
        }
    }

    /**
     * CPUs online on the machine (Go's GOMAXPROCS without taskset). The JVM's
     * availableProcessors honours the affinity mask, which would make the suffix
     * depend on taskset; -procs overrides.
     */
    static int onlineCpus() {
        try {
            String s = Files.readString(Path.of("/sys/devices/system/cpu/online")).trim();
            int n = 0;
            for (String part : s.split(",")) {
                String[] r = part.split("-");
                n += r.length == 1 ? 1 : Integer.parseInt(r[1]) - Integer.parseInt(r[0]) + 1;
            }
            return n;
        } catch (IOException | RuntimeException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    /**
     * Prints, per (content, len), the input byte count, the FNV-1a 64 hash of the 200
     * strings' UTF-8 bytes each followed by a '\n', and string 0 -- for checking that
     * the Go side generates the same matrix.
     */
    static void printFingerprints() {
        for (String content : CONTENTS) {
            for (int len : LENGTHS) {
                String[] s = makeStrings(content, len);
                long h = 0xcbf29ce484222325L;
                for (String x : s) {
                    for (byte by : (x + "\n").getBytes(StandardCharsets.UTF_8)) {
                        h ^= by & 0xff;
                        h *= 0x100000001b3L;
                    }
                }
                String s0 = s[0].length() > 40 ? s[0].substring(0, 40) + "..." : s[0];
                System.out.printf("content=%s/len=%d bytes=%d fnv1a64=%016x s0=%s%n", content, len,
                        utf8Bytes(s), h, s0);
            }
        }
        for (String content : CONTENTS) {
            for (int len : LENGTHS) {
                String[] s = makeDrawnPool(content, len);
                long h = 0xcbf29ce484222325L;
                for (String x : s) {
                    for (byte by : (x + "\n").getBytes(StandardCharsets.UTF_8)) {
                        h ^= by & 0xff;
                        h *= 0x100000001b3L;
                    }
                }
                System.out.printf("drawn content=%s/len=%d strings=%d bytes=%d fnv1a64=%016x%n", content,
                        len, s.length, utf8Bytes(s), h);
            }
        }
    }
}
