//go:build gc && !purego

#include "go_asm.h"
#include "textflag.h"
#include "funcdata.h"

// The SIMD kernels classify every byte x with two PSHUFB nibble lookups in
// the Set's nib table (see Set.nib): allowed = LO[x] & HI[(x>>4)&15], where
// the LO lookup uses x itself, so PSHUFB returns 0 for x >= 0x80. A byte is
// a member exactly when allowed == 0. One kernel serves every Set.
//
// Conventions. Every kernel is ABI0 with its arguments on the stack, so
// that copyEntry reaches it with a jump that reuses Set.Copy's argument
// frame (a call would build a frame of its own per string). The AVX2 path
// of a UTF-8 Set is one frame too: copyAVX2core takes the Set in R13 (0
// for a plain Set) besides the nib table in its first argument, and hands
// a stop at a byte >= 0x80 on to the UTF-8 kernel's body (utf8LoopAVX2,
// utf8ShortAVX2) with a jump, in registers. A Set's rune test adds no
// frame either: the UTF-8 kernels of both levels end by a jump to
// refineTail, the one frame that calls Go, and only where they stopped at
// a byte >= 0x80 the test may pass (UTF8_STOP2, utf8512<>). Macros take
// the labels they jump to as parameters; none jumps by instruction count.
//
// Registers in every kernel: SI src, DX dst, CX n, DI the scan position.

// UTF8_STOP2 (defined before any TEXT, for go vet's frame check) ends the
// AVX2 UTF-8 kernels at DI, their first stop in src[0:n]: an ASCII member,
// a byte >= 0x80, or n. Until then their result slot holds the mode: 1
// where the Set's rune test (Set.escapes) applies (copyEntry), 0 where it
// does not (copyAVX2UTF8, copyUTF8AVX2; so resume never refines), anything
// for a Set without a test (copyEntry writes nothing for it). Only a stop
// at a byte >= 0x80 before n, in mode 1, is looked at again; every other
// stop returns at once (out). Under Set.lineSeps a stop at E2 is tested
// here: E2 80 A8 and E2 80 A9 (U+2028, U+2029) are members, as are an
// invalid sequence and one cut by the end; any other (…, ★, €) is copied to
// dst and the kernel goes on at pass with DI the next sequence boundary,
// its other registers as they were. Any other stop goes to refineTail with
// the Set as the first argument (the kernels have its nib table there).
// Clobbers BX, R9, R10. out and refine are the labels it defines.
#define UTF8_STOP2(pass, out, refine) \
	CMPQ DI, CX \
	JEQ  out \
	MOVBLZX (SI)(DI*1), BX \
	CMPL BX, $0x80 \
	JCS  out \
	CMPQ ret+32(FP), $0 \
	JEQ  out \
	MOVQ s+0(FP), R9 \
	SUBQ $Set_nib, R9 \
	CMPQ Set_escapes(R9), $0 \
	JEQ  out \
	CMPL BX, $0xE2 \
	JNE  refine \
	CMPB Set_lineSeps(R9), $0 \
	JEQ  refine \
	LEAQ 3(DI), R10 \
	CMPQ R10, CX \
	JGT  out \
	MOVWLZX 1(SI)(DI*1), BX \
	MOVL BX, R10 \
	ANDL $0xC0C0, R10 \
	CMPL R10, $0x8080 \
	JNE  out \
	MOVL BX, R10 \
	ANDL $0xFEFF, R10 \
	CMPL R10, $0xA880 \
	JEQ  out \
	MOVB $0xE2, (DX)(DI*1) \
	MOVW BX, 1(DX)(DI*1) \
	ADDQ $3, DI \
	JMP  pass \
refine: \
	MOVQ R9, s+0(FP) \
	MOVQ DI, AX \
	VZEROUPPER \
	JMP  ·refineTail(SB) \
out: \
	MOVQ DI, ret+32(FP) \
	VZEROUPPER \
	RET

// ESC_WORD writes the ASCII byte in BX as its word of escapeAVX512's
// table t at (DX)(at*1), in utf8512<>'s mode 2 (defined before any TEXT,
// for go vet's frame check, as UTF8_STOP2): it moves DX and the frame's
// delta by the word's length less one, so that (DX)(DI*1) stays the
// output position of src[DI]. Clobbers BX, R10.
#define ESC_WORD(at) \
	SHLQ $4, BX \
	ADDQ t+40(FP), BX \
	MOVQ (BX), R10 \
	MOVQ R10, (DX)(at*1) \
	MOVBQZX 8(BX), R10 \
	DECQ R10 \
	ADDQ R10, DX \
	ADDQ R10, delta+64(FP)

// Registers shared by the AVX2 kernels:
//   Y6 = LO table (both lanes), Y7 = HI table, Y8 = 0x0f bytes, Y9 = zero.
#define AVX2_SETUP(nib) \
	VBROADCASTI128 (nib), Y6 \
	VBROADCASTI128 16(nib), Y7 \
	VMOVDQU nibMask<>(SB), Y8 \
	VPXOR Y9, Y9, Y9

// ALLOWED2 turns the bytes of x into their allowed bits (zero = member),
// using t as scratch. Works on X or Y registers alike.
#define ALLOWED2(x, t, lo, hi, nib) \
	VPSRLW $4, x, t \
	VPAND nib, t, t \
	VPSHUFB x, lo, x \
	VPSHUFB t, hi, t \
	VPAND t, x, x

// MEMBERS2 leaves in r the movemask of the members of x (x is clobbered).
#define MEMBERS2(x, r) \
	VPCMPEQB Y9, x, x \
	VPMOVMSKB x, r

#define MEMBERS2X(x, r) \
	VPCMPEQB X9, x, x \
	VPMOVMSKB x, r
// COPY32 copies the 32 bytes at DI and jumps to found with their members
// in AX (VPMOVMSKB) if there is one.
#define COPY32(found) \
	VMOVDQU (SI)(DI*1), Y0 \
	VMOVDQU Y0, (DX)(DI*1) \
	ALLOWED2(Y0, Y2, Y6, Y7, Y8) \
	MEMBERS2(Y0, AX) \
	TESTL AX, AX \
	JNZ found

// COPY_ARGS loads the arguments of copyAVX2 and copyAVX512: AX nib, DX dst,
// SI src, CX n.
#define COPY_ARGS \
	MOVQ nib+0(FP), AX \
	MOVQ dst+8(FP), DX \
	MOVQ src+16(FP), SI \
	MOVQ n+24(FP), CX

// MEMBERS64 leaves in r the byte mask (VPMOVMSKB) of a zero minimum of
// the allowed bits of Y0 and Y1: nonzero if the 64 bytes hold a member.
// Clobbers Y0..Y3.
#define MEMBERS64(r) \
	ALLOWED2(Y0, Y2, Y6, Y7, Y8) \
	ALLOWED2(Y1, Y3, Y6, Y7, Y8) \
	VPMINUB Y0, Y1, Y2 \
	VPCMPEQB Y9, Y2, Y2 \
	VPMOVMSKB Y2, r

// FOUND64 sets AX to DI plus the index of the first member of the 64
// bytes Y0, Y1 (after MEMBERS64 found one).
#define FOUND64 \
	MEMBERS2(Y0, AX) \
	MEMBERS2(Y1, BX) \
	SHLQ $32, BX \
	ORQ  BX, AX \
	TZCNTQ AX, AX \
	ADDQ DI, AX

// func copyAVX2(nib *[32]byte, dst, src *byte, n int) int
//
// The index of the first member among src[0:n], or n, with the clean prefix
// copied to dst: every vector is stored to dst before it is tested. Reads
// src[0:n]; for n < 16 it may also read up to 15 bytes before src or after
// src+n, but only inside the 4 KiB pages that hold src[0] and src[n-1], so
// it never faults. Writes dst[0:n] and, for 0 < n < 16, dst[0:16]. Needs
// len(dst) >= max(n, 16). No alignment. Every byte it stores is a byte of
// src[0:n]: a byte read from outside the input never reaches dst
// (dst[n:16] of a short input repeats src[n-1]).
TEXT ·copyAVX2(SB), NOSPLIT, $0-40
	XORQ R13, R13
	JMP  copyAVX2core<>(SB)

// func copyAVX2UTF8(s *Set, dst, src *byte, n int) int
//
// The AVX2 kernel of the UTF-8 Set s without its rune test (mode 0, see
// UTF8_STOP2): copyAVX2core with R13 = s. It is what resume runs, so a
// stop it makes is never refined here (no recursion).
TEXT ·copyAVX2UTF8(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), R13
	LEAQ Set_nib(R13), AX
	MOVQ AX, s+0(FP)
	MOVQ $0, ret+32(FP)
	JMP  copyAVX2core<>(SB)

// copyAVX2core is copyAVX2 with R13 = 0, or with R13 = the UTF-8 Set whose
// nib table is the first argument (from copyEntry, copyAVX2UTF8): then a
// stop at a byte >= 0x80 goes on in utf8LoopAVX2 (n >= 32) or
// utf8ShortAVX2 (n < 32), in the same frame. For a UTF-8 Set the result
// slot holds the mode of UTF8_STOP2 until a result is written.
TEXT copyAVX2core<>(SB), NOSPLIT, $0-40
	COPY_ARGS
	AVX2_SETUP(AX)
	XORQ DI, DI
	CMPQ CX, $32
	JB   cshort
	CMPQ CX, $64
	JB   ctail
	LEAQ -64(CX), R8 // last i with a whole 64-byte block

cloop:
	VMOVDQU (SI)(DI*1), Y0
	VMOVDQU 32(SI)(DI*1), Y1
	VMOVDQU Y0, (DX)(DI*1)
	VMOVDQU Y1, 32(DX)(DI*1)
	MEMBERS64(R9)
	TESTL R9, R9
	JNZ  cfound64
	ADDQ $64, DI
	CMPQ DI, R8
	JBE  cloop
	JMP  ctail

cfound64:
	TESTQ R13, R13
	JNZ  cfound64utf8
	FOUND64
	JMP  cret

cfound64utf8:
	// A UTF-8 Set: an ASCII member is the answer; at a byte >= 0x80 the
	// UTF-8 loop goes on from it (cutf8) without the checks of cret.
	FOUND64
	MOVBLZX (SI)(AX*1), BX
	CMPL BX, $0x80
	JB   cret
	MOVQ AX, DI
	LEAQ Set_stop(R13), R9
	JMP  utf8LoopAVX2<>(SB)

ctail:
	CMPQ DI, CX
	JEQ  cnone
	LEAQ 32(DI), R8
	CMPQ R8, CX
	JAE  clast
	COPY32(cfound)

clast:
	LEAQ -32(CX), DI
	COPY32(cfound)

cnone:
	MOVQ CX, ret+32(FP)
	VZEROUPPER
	RET

cfound:
	TZCNTL AX, AX
	ADDQ DI, AX
	JMP  cret

cshort:
	CMPQ CX, $16
	JB   ctiny
	VMOVDQU (SI), X0
	VMOVDQU -16(SI)(CX*1), X1
	VMOVDQU X0, (DX)
	VMOVDQU X1, -16(DX)(CX*1)
	ALLOWED2(X0, X2, X6, X7, X8)
	ALLOWED2(X1, X3, X6, X7, X8)
	MEMBERS2X(X0, AX)
	MEMBERS2X(X1, BX)
	LEAQ -16(CX), R9
	SHLXQ R9, BX, BX
	ORQ  BX, AX
	BTSQ CX, AX
	TZCNTQ AX, AX
	JMP  cret

ctiny:
	TESTQ CX, CX
	JEQ  cnone
	MOVL SI, R8
	ANDL $4095, R8
	CMPL R8, $4080
	JA   ctinyend
	// Load the 16 bytes at src; store them through PSHUFB with the index
	// min(i, n-1) (tinyClamp row n, at 16n), so dst[0:n] = src[0:n] and
	// the bytes read past src+n are stored as copies of src[n-1].
	VMOVDQU (SI), X0
	LEAQ tinyClamp<>(SB), R9
	LEAQ (R9)(CX*8), R9
	VPSHUFB (R9)(CX*8), X0, X1
	VMOVDQU X1, (DX)
	ALLOWED2(X0, X2, X6, X7, X8)
	MEMBERS2X(X0, AX)
	BTSL CX, AX
	TZCNTL AX, AX
	JMP  cret

ctinyend:
	// Load the 16 bytes ending at src+n; store them through PSHUFB with
	// the index min(i, n-1) + 16-n (tinyEnd at 16-n), so dst[0:n] =
	// src[0:n] and the bytes read before src are not stored: dst[n:16]
	// repeats src[n-1].
	VMOVDQU -16(SI)(CX*1), X0
	MOVL $16, R9
	SUBL CX, R9
	LEAQ tinyEnd<>(SB), R10
	VPSHUFB (R10)(R9*1), X0, X1
	VMOVDQU X1, (DX)
	ALLOWED2(X0, X2, X6, X7, X8)
	MEMBERS2X(X0, AX)
	SHRXL R9, AX, AX
	BTSL CX, AX
	TZCNTL AX, AX
	JMP  cret


cret:
	// AX: the member's index, or n. A UTF-8 Set keeps the mode in the
	// result slot for the UTF-8 kernel (cutf8).
	TESTQ R13, R13
	JNZ  cretutf8
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

cretutf8:
	CMPQ AX, CX
	JAE  cretn
	MOVBLZX (SI)(AX*1), BX
	CMPL BX, $0x80
	JAE  cutf8

cretn:
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

cutf8:
	// The ASCII run of a UTF-8 Set ends at a byte >= 0x80 at AX: the
	// UTF-8 kernel goes on from there in this frame, with the nibble
	// tables still in Y6..Y9. Every byte before AX is ASCII, so AX is a
	// sequence boundary, and for n < 32 dst[0:n] holds src[0:n] already.
	LEAQ Set_stop(R13), R9
	MOVQ AX, DI
	CMPQ CX, $32
	JB   cutf8short
	JMP  utf8LoopAVX2<>(SB)

cutf8short:
	JMP  utf8ShortAVX2<>(SB)

// tinyClamp row n (16 bytes at 16n) is min(i, n-1) for i = 0..15; row 0
// is unused. tinyEnd is 0, 1, ..., 15 followed by sixteen 15s, so that its
// 16 bytes at 16-n are 16-n, ..., 15, 15, ..., 15.
DATA tinyClamp<>+0(SB)/8, $0x0000000000000000
DATA tinyClamp<>+8(SB)/8, $0x0000000000000000
DATA tinyClamp<>+16(SB)/8, $0x0000000000000000
DATA tinyClamp<>+24(SB)/8, $0x0000000000000000
DATA tinyClamp<>+32(SB)/8, $0x0101010101010100
DATA tinyClamp<>+40(SB)/8, $0x0101010101010101
DATA tinyClamp<>+48(SB)/8, $0x0202020202020100
DATA tinyClamp<>+56(SB)/8, $0x0202020202020202
DATA tinyClamp<>+64(SB)/8, $0x0303030303020100
DATA tinyClamp<>+72(SB)/8, $0x0303030303030303
DATA tinyClamp<>+80(SB)/8, $0x0404040403020100
DATA tinyClamp<>+88(SB)/8, $0x0404040404040404
DATA tinyClamp<>+96(SB)/8, $0x0505050403020100
DATA tinyClamp<>+104(SB)/8, $0x0505050505050505
DATA tinyClamp<>+112(SB)/8, $0x0606050403020100
DATA tinyClamp<>+120(SB)/8, $0x0606060606060606
DATA tinyClamp<>+128(SB)/8, $0x0706050403020100
DATA tinyClamp<>+136(SB)/8, $0x0707070707070707
DATA tinyClamp<>+144(SB)/8, $0x0706050403020100
DATA tinyClamp<>+152(SB)/8, $0x0808080808080808
DATA tinyClamp<>+160(SB)/8, $0x0706050403020100
DATA tinyClamp<>+168(SB)/8, $0x0909090909090908
DATA tinyClamp<>+176(SB)/8, $0x0706050403020100
DATA tinyClamp<>+184(SB)/8, $0x0a0a0a0a0a0a0908
DATA tinyClamp<>+192(SB)/8, $0x0706050403020100
DATA tinyClamp<>+200(SB)/8, $0x0b0b0b0b0b0a0908
DATA tinyClamp<>+208(SB)/8, $0x0706050403020100
DATA tinyClamp<>+216(SB)/8, $0x0c0c0c0c0b0a0908
DATA tinyClamp<>+224(SB)/8, $0x0706050403020100
DATA tinyClamp<>+232(SB)/8, $0x0d0d0d0c0b0a0908
DATA tinyClamp<>+240(SB)/8, $0x0706050403020100
DATA tinyClamp<>+248(SB)/8, $0x0e0e0d0c0b0a0908
GLOBL tinyClamp<>(SB), RODATA|NOPTR, $256

DATA tinyEnd<>+0(SB)/8, $0x0706050403020100
DATA tinyEnd<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA tinyEnd<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA tinyEnd<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL tinyEnd<>(SB), RODATA|NOPTR, $32

// Registers shared by the AVX-512 kernels:
//   Z6 = LO table (all lanes), Z7 = HI table, Z8 = 0x0f bytes.
#define AVX512_SETUP(nib) \
	VBROADCASTI32X4 (nib), Z6 \
	VBROADCASTI32X4 16(nib), Z7 \
	MOVQ $0x0f0f0f0f0f0f0f0f, R11 \
	VPBROADCASTQ R11, Z8

// ALLOWED512 turns the bytes of x into their allowed bits (zero = member)
// in x and t, whose AND is the allowed set.
#define ALLOWED512(x, t) \
	VPSRLW $4, x, t \
	VPANDQ Z8, t, t \
	VPSHUFB x, Z6, x \
	VPSHUFB t, Z7, t

// MEMBERS512 sets k to the members of x (x and t are clobbered).
#define MEMBERS512(x, t, k) \
	ALLOWED512(x, t) \
	VPTESTNMB t, x, k

// MEMBERS512Z is MEMBERS512 for the bytes of x that km selects.
#define MEMBERS512Z(x, t, km, k) \
	ALLOWED512(x, t) \
	VPTESTNMB t, x, km, k

// MASKED_TAIL copies the last BX (< 64) bytes of src from DI to dst at
// (DX)(out*1) with a masked load and store, which cannot fault on the
// lanes masked off: Z0 holds them, zeros past them, and K3 their lanes.
// Clobbers R9.
#define MASKED_TAIL(out) \
	MOVQ $-1, R9 \
	BZHIQ BX, R9, R9 \
	KMOVQ R9, K3 \
	VMOVDQU8.Z (SI)(DI*1), K3, Z0 \
	VMOVDQU8 Z0, K3, (DX)(out*1)

// func copyAVX512(nib *[32]byte, dst, src *byte, n int) int
//
// copyAVX2 with 64-byte vectors, 128 bytes per iteration, two vectors
// tested with one KORTEST. Reads exactly src[0:n] and writes exactly
// dst[0:n]: the final partial vector is a masked load and a masked store,
// which cannot fault on the masked-off bytes. No alignment.
TEXT ·copyAVX512(SB), NOSPLIT, $0-40
	COPY_ARGS
	AVX512_SETUP(AX)
	XORQ DI, DI
	CMPQ CX, $128
	JB   ktail
	LEAQ -128(CX), R8 // last i with a whole 128-byte block

kloop:
	VMOVDQU64 (SI)(DI*1), Z0
	VMOVDQU64 64(SI)(DI*1), Z1
	VMOVDQU64 Z0, (DX)(DI*1)
	VMOVDQU64 Z1, 64(DX)(DI*1)
	MEMBERS512(Z0, Z2, K1)
	MEMBERS512(Z1, Z3, K2)
	KORTESTQ K1, K2
	JNZ  kfound128
	ADDQ $128, DI
	CMPQ DI, R8
	JBE  kloop

ktail:
	MOVQ CX, BX
	SUBQ DI, BX
	CMPQ BX, $64
	JB   kmasked
	VMOVDQU64 (SI)(DI*1), Z0
	VMOVDQU64 Z0, (DX)(DI*1)
	MEMBERS512(Z0, Z2, K1)
	KMOVQ K1, AX
	TESTQ AX, AX
	JNZ  kfound
	ADDQ $64, DI
	SUBQ $64, BX

kmasked:
	TESTQ BX, BX
	JEQ  knone
	MASKED_TAIL(DI)
	MEMBERS512Z(Z0, Z2, K3, K1)
	KMOVQ K1, AX
	TESTQ AX, AX
	JNZ  kfound

knone:
	MOVQ CX, ret+32(FP)
	VZEROUPPER
	RET

kfound:
	TZCNTQ AX, AX
	ADDQ DI, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

kfound128:
	KMOVQ K1, AX
	TZCNTQ AX, AX
	CMPQ AX, $64
	JNE  kfound128a
	KMOVQ K2, BX
	TZCNTQ BX, BX
	ADDQ BX, AX

kfound128a:
	ADDQ DI, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET


// UTF-8 kernels (NewUTF8Set). Per 32-byte vector at a sequence boundary i:
// pure ASCII vectors are tested with the nibble lookup alone. Others are
// validated with three nibble lookups over (previous byte's high nibble,
// previous byte's low nibble, this byte's high nibble), whose AND is nonzero
// exactly for the invalid byte pairs (utf8Tables), plus the check that the
// bytes two and three after a 3- or 4-byte lead are continuations; the
// bytes before i are taken as ASCII (zeros), which is exact at a sequence
// boundary. A fourth lookup pair flags C0, C1, F5..FF and the listed lead
// bytes (Set.stop). The vector is clean up to b, the first of bytes 29..31
// that starts a sequence reaching past the vector (32 if none); if nothing
// is flagged in [0, b] the scan moves to i+b, else UTF8_EXACT32 finds the
// member from the first flag (the rule of the AVX-512 kernel below).

// Extra registers of the UTF-8 kernels: Y10..Y12 the validation tables,
// Y13/Y14 the stop tables, Y15 the flags of a 64-byte block.
#define UTF8_SETUP(stop) \
	VBROADCASTI128 ·utf8Tables+0(SB), Y10 \
	VBROADCASTI128 ·utf8Tables+16(SB), Y11 \
	VBROADCASTI128 ·utf8Tables+32(SB), Y12 \
	VBROADCASTI128 (stop), Y13 \
	VBROADCASTI128 16(stop), Y14


// UTF8_ASCII32 starts the test of the vector Y0: AX the ASCII members
// (VPMOVMSKB), BX the bytes >= 0x80. Clobbers Y1..Y3; leaves Y1 the high
// nibbles.
#define UTF8_ASCII32 \
	VPSRLW $4, Y0, Y1 \
	VPAND Y8, Y1, Y1 \
	VPSHUFB Y0, Y6, Y2 \
	VPSHUFB Y1, Y7, Y3 \
	VPAND Y3, Y2, Y2 \
	VPCMPEQB Y9, Y2, Y2 \
	VPMOVMSKB Y2, AX \
	VPMOVMSKB Y0, BX

// UTF8_CHECK32 finishes the test of a vector with non-ASCII bytes after
// UTF8_ASCII32: AX every flag (ASCII members, validation errors, stop
// leads), R10 the leads at 29..31 whose sequence reaches past the vector
// (VPMOVMSKB, before TZCNT), Y4 the must-be-continuation bits (0x80) of
// the bytes two and three after a lead. Clobbers Y2, Y3, Y5, BX, R9.
#define UTF8_CHECK32 \
	VPERM2I128 $0x08, Y0, Y0, Y2 \
	VPALIGNR $15, Y2, Y0, Y3 \
	VPALIGNR $14, Y2, Y0, Y4 \
	VPALIGNR $13, Y2, Y0, Y5 \
	VPSUBUSB utf8C60<>(SB), Y4, Y4 \
	VPSUBUSB utf8C70<>(SB), Y5, Y5 \
	VPOR Y5, Y4, Y4 \
	VPAND utf8C80<>(SB), Y4, Y4 \
	VPSRLW $4, Y3, Y5 \
	VPAND Y8, Y5, Y5 \
	VPSHUFB Y5, Y10, Y5 \
	VPAND Y8, Y3, Y3 \
	VPSHUFB Y3, Y11, Y3 \
	VPAND Y3, Y5, Y5 \
	VPSHUFB Y1, Y12, Y3 \
	VPAND Y3, Y5, Y5 \
	VPXOR Y4, Y5, Y5 \
	VPAND Y8, Y0, Y2 \
	VPSHUFB Y2, Y13, Y2 \
	VPSHUFB Y1, Y14, Y3 \
	VPAND Y3, Y2, Y2 \
	VPOR Y2, Y5, Y5 \
	VPCMPEQB Y9, Y5, Y5 \
	VPMOVMSKB Y5, R9 \
	NOTL R9 \
	ANDNL AX, BX, AX \
	ORL R9, AX \
	VPSUBUSB utf8Thresh<>(SB), Y0, Y2 \
	VPMOVMSKB Y2, R10

// UTF8_VECTOR tests the vector in Y0 at DI. It jumps to clean with the
// advance in R10, to member with the exact member index in AX, or to
// problem; utf8 is the label it defines for its non-ASCII half. Clobbers
// Y1..Y5, AX, BX, R9..R11.
#define UTF8_VECTOR(clean, member, problem, utf8) \
	UTF8_ASCII32 \
	MOVL $32, R10 \
	TESTL BX, BX \
	JNZ utf8 \
	TESTL AX, AX \
	JZ clean \
	JMP member \
utf8: \
	UTF8_CHECK32 \
	TZCNTL R10, R10 \
	LEAL 1(R10), R11 \
	BZHIQ R11, AX, AX \
	TESTQ AX, AX \
	JZ clean \
	JMP problem

// UTF8_EXACT32 turns the first flag of AX (nonzero) of the vector Y0 at DI
// into the member's index, in DI: the flag itself, or, if the flagged byte
// was expected to continue a sequence, that sequence's lead (the last byte
// >= C0 before it). Uses Y4 as UTF8_CHECK32 leaves it; at is the label it
// defines for its last instruction.
#define UTF8_EXACT32(at) \
	TZCNTL AX, AX \
	VPERM2I128 $0x08, Y0, Y0, Y2 \
	VPALIGNR $15, Y2, Y0, Y3 \
	VPSUBUSB utf8C40<>(SB), Y3, Y3 \
	VPOR Y4, Y3, Y3 \
	VPMOVMSKB Y3, BX \
	BTL AX, BX \
	JCC at \
	VPSUBUSB utf8C40<>(SB), Y0, Y3 \
	VPMOVMSKB Y3, BX \
	BZHIL AX, BX, BX \
	BSRL BX, AX \
at: \
	ADDQ AX, DI

// UTF8_TAIL32 handles the rest of p[0:n] when 0 < n-DI < 32 and n >= 32:
// the last 32 bytes, flags before DI dropped (clean already), a sequence
// cut by the end a member at its lead. Jumps to done with DI = n or the
// member's index; found and at are the labels it defines. Clobbers R12.
#define UTF8_TAIL32(done, found, at) \
	LEAQ -32(CX), R9 \
	MOVQ DI, R12 \
	SUBQ R9, R12 \
	MOVQ R9, DI \
	VMOVDQU (SI)(DI*1), Y0 \
	UTF8_LAST32(done, found, at)

// UTF8_LAST32 tests Y0, the vector that ends the input, at DI: its first
// R12 bytes are known clean (their flags are dropped), and a sequence cut
// by the end is a member at its lead. Jumps to done with DI = n or the
// member's index, and, for a member, R11 the flags, R12 the vector's
// index and R14 n, for utf8LoopAVX2's vpass; found and at are the labels
// it defines.
#define UTF8_LAST32(done, found, at) \
	UTF8_ASCII32 \
	UTF8_CHECK32 \
	ORL R10, AX \
	SHRXL R12, AX, AX \
	SHLXL R12, AX, AX \
	TESTL AX, AX \
	JNZ found \
	MOVQ CX, DI \
	JMP done \
found: \
	MOVL AX, R11 \
	MOVQ DI, R12 \
	MOVQ CX, R14 \
	UTF8_EXACT32(at) \
	JMP done


// UTF8_FLAGVEC ORs into acc a nonzero byte for every flag of the vector x
// (validation error, ASCII member, stop lead), given its previous bytes p1
// and the must-be-continuation bits m (0x80, as in UTF8_VECTOR). Clobbers
// h, p1, m, t; x is kept.
#define UTF8_FLAGVEC(x, h, p1, m, t, acc) \
	UTF8_FLAGVEC0(x, h, p1, m, t, acc) \
	UTF8_STOPVEC(x, h, p1, t, acc)

// UTF8_FLAGVECI and UTF8_FLAGVEC0I are UTF8_FLAGVEC and UTF8_FLAGVEC0
// that set acc rather than OR into it (the first vector of a block).
#define UTF8_FLAGVECI(x, h, p1, m, t, acc) \
	UTF8_FLAGVEC0I(x, h, p1, m, t, acc) \
	UTF8_STOPVEC(x, h, p1, t, acc)

#define UTF8_FLAGVEC0I(x, h, p1, m, t, acc) \
	UTF8_VALID(x, h, p1, t) \
	VPXOR m, t, acc \
	UTF8_ASCIIVEC(x, h, p1, t, acc)

// UTF8_FLAGVEC0 is UTF8_FLAGVEC without the stop leads, for a Set that
// lists none (its stop table is all zeros).
#define UTF8_FLAGVEC0(x, h, p1, m, t, acc) \
	UTF8_VALID(x, h, p1, t) \
	VPXOR m, t, t \
	VPOR t, acc, acc \
	UTF8_ASCIIVEC(x, h, p1, t, acc)

// UTF8_VALID leaves in h the high nibbles of x and in t the bits of
// utf8Tables for each byte of x and its previous byte p1 (clobbered).
#define UTF8_VALID(x, h, p1, t) \
	VPSRLW $4, x, h \
	VPAND Y8, h, h \
	VPSRLW $4, p1, t \
	VPAND Y8, t, t \
	VPSHUFB t, Y10, t \
	VPAND Y8, p1, p1 \
	VPSHUFB p1, Y11, p1 \
	VPAND p1, t, t \
	VPSHUFB h, Y12, p1 \
	VPAND p1, t, t

// UTF8_ASCIIVEC ORs into acc a nonzero byte for every ASCII member of x,
// given its high nibbles h. Clobbers p1, t.
#define UTF8_ASCIIVEC(x, h, p1, t, acc) \
	VPSHUFB x, Y6, t \
	VPSHUFB h, Y7, p1 \
	VPAND p1, t, t \
	VPAND utf8C80<>(SB), x, p1 \
	VPOR p1, t, t \
	VPCMPEQB Y9, t, t \
	VPOR t, acc, acc

// UTF8_STOPVEC ORs into acc a nonzero byte for every listed lead byte of
// x, given its high nibbles h. Clobbers p1, t.
#define UTF8_STOPVEC(x, h, p1, t, acc) \
	VPAND Y8, x, t \
	VPSHUFB t, Y13, t \
	VPSHUFB h, Y14, p1 \
	VPAND p1, t, t \
	VPOR t, acc, acc

// UTF8_HIGH32 is the second half of UTF8_BLOCK64 and UTF8_BLOCK64_AT:
// Y1 (the 32 bytes at DI+32) tested with FLAGS, its previous bytes loaded
// at DI+31, DI+30, DI+29. Clobbers Y3, Y4, Y5.
#define UTF8_HIGH32(FLAGS) \
	VMOVDQU 30(SI)(DI*1), Y4 \
	VMOVDQU 29(SI)(DI*1), Y5 \
	VPSUBUSB utf8C60<>(SB), Y4, Y4 \
	VPSUBUSB utf8C70<>(SB), Y5, Y5 \
	VPOR Y5, Y4, Y4 \
	VPAND utf8C80<>(SB), Y4, Y4 \
	VMOVDQU 31(SI)(DI*1), Y3 \
	FLAGS(Y1, Y2, Y3, Y4, Y5, Y15)

// UTF8_BLOCK64 tests the 64 bytes Y0 (at DI, a sequence boundary) and Y1
// (at DI+32) with the flag macros FLAGSI (sets Y15) and FLAGS (ORs into
// it): the previous bytes of Y0 are Y0 shifted with zeros in, those of Y1
// are loads at DI+31, DI+30, DI+29. Leaves in Y15 a nonzero byte for every
// flag of the 64 bytes; the boundary is left to the caller.
#define UTF8_BLOCK64(FLAGSI, FLAGS) \
	VPERM2I128 $0x08, Y0, Y0, Y2 \
	VPALIGNR $14, Y2, Y0, Y4 \
	VPALIGNR $13, Y2, Y0, Y5 \
	VPALIGNR $15, Y2, Y0, Y3 \
	VPSUBUSB utf8C60<>(SB), Y4, Y4 \
	VPSUBUSB utf8C70<>(SB), Y5, Y5 \
	VPOR Y5, Y4, Y4 \
	VPAND utf8C80<>(SB), Y4, Y4 \
	FLAGSI(Y0, Y2, Y3, Y4, Y5, Y15) \
	UTF8_HIGH32(FLAGS)

// UTF8_BLOCK64_AT is UTF8_BLOCK64 for a block at DI >= 3 that need not
// start at a sequence boundary: the previous bytes of Y0 are loads at
// DI-1, DI-2, DI-3, so every byte is tested with its true predecessors.
#define UTF8_BLOCK64_AT(FLAGSI, FLAGS) \
	VMOVDQU -2(SI)(DI*1), Y4 \
	VMOVDQU -3(SI)(DI*1), Y5 \
	VPSUBUSB utf8C60<>(SB), Y4, Y4 \
	VPSUBUSB utf8C70<>(SB), Y5, Y5 \
	VPOR Y5, Y4, Y4 \
	VPAND utf8C80<>(SB), Y4, Y4 \
	VMOVDQU -1(SI)(DI*1), Y3 \
	FLAGSI(Y0, Y2, Y3, Y4, Y5, Y15) \
	UTF8_HIGH32(FLAGS)

// COPY64 loads the 64 bytes at SI+DI into Y0 and Y1 and stores them at
// DX+DI, ahead of their test: bytes past the length returned are still
// bytes of src at their own index, which Copy's contract allows.
#define COPY64 \
	VMOVDQU (SI)(DI*1), Y0 \
	VMOVDQU 32(SI)(DI*1), Y1 \
	VMOVDQU Y0, (DX)(DI*1) \
	VMOVDQU Y1, 32(DX)(DI*1)

// UTF8_LOOP64 is the 64-byte loop of utf8LoopAVX2 (labels loop, first,
// utf8 and last are its own), with FLAGSI, FLAGS the flag macros of a
// block's two vectors: UTF8_FLAGVECI, UTF8_FLAGVEC, or UTF8_FLAGVEC0I,
// UTF8_FLAGVEC0 for a Set with no listed lead byte. At
// first, the entry, the block goes to the UTF-8 test without the ASCII
// one (the loop is entered at a byte >= 0x80; the UTF-8 test is complete
// on ASCII bytes too). With 33 to 63 bytes left (last), it tests the last
// 64 bytes as one block at n-64 with their true predecessors
// (UTF8_BLOCK64_AT, for n >= 67): the bytes before DI are valid text
// with no member, so a flag or a sequence cut by the end is at DI or
// after (or is a listed lead that UTF8_STOP2 passed, which only sends the
// block to vstep). It jumps to vstep for an exact search from DI (after
// such a flag, or for n < 67), to vtail for the last 32 bytes or fewer,
// and returns n itself.
#define UTF8_LOOP64(loop, first, utf8, last, FLAGSI, FLAGS) \
first: \
	CMPQ DI, R13 \
	JGT  last \
	COPY64 \
utf8: \
	UTF8_BLOCK64(FLAGSI, FLAGS) \
	VPTEST Y15, Y15 \
	JNZ  vstep \
	VPSUBUSB utf8Thresh<>(SB), Y1, Y2 \
	VPMOVMSKB Y2, R10 \
	TZCNTL R10, R10 \
	LEAQ 32(DI)(R10*1), DI \
loop: \
	CMPQ DI, R13 \
	JGT  last \
	COPY64 \
	VPOR Y0, Y1, Y2 \
	VPMOVMSKB Y2, AX \
	TESTL AX, AX \
	JNZ  utf8 \
	MEMBERS64(AX) \
	TESTL AX, AX \
	JNZ  vstep \
	ADDQ $64, DI \
	JMP  loop \
last: \
	CMPQ DI, R8 \
	JGT  vtail \
	CMPQ R13, $3 \
	JL   vstep \
	MOVQ DI, R12 \
	MOVQ R13, DI \
	COPY64 \
	UTF8_BLOCK64_AT(FLAGSI, FLAGS) \
	VPSUBUSB utf8Thresh<>(SB), Y1, Y2 \
	VPMOVMSKB Y2, AX \
	MOVQ R12, DI \
	VPTEST Y15, Y15 \
	JNZ  vstep \
	TESTL AX, AX \
	JNZ  vstep \
	MOVQ CX, ret+32(FP) \
	VZEROUPPER \
	RET

// utf8ShortAVX2 is the index of the first member of p[0:n], or n, for
// 0 < n < 32, in ret+32(FP) of its caller's frame: SI p, DX dst, CX n, R9
// the Set's stop table, Y6..Y9 as AVX2_SETUP leaves them; p[0] must be a
// sequence boundary. One 32-byte load that stays in p's 4 KiB page (never
// faults), its bytes outside p[0:n] zeroed. From p if the page has 32 bytes
// left at p: the zero at n is a member, so the first flag always gives the
// answer. Else the load ends at p+n and the vector is the final vector of
// UTF8_TAIL32 with base -(32-n). It stores nothing new: its caller
// (copyAVX2core) has copied p[0:n] already. It ends in UTF8_STOP2; after a
// sequence that passes there, the next flag of the same vector past it is
// the answer (spass). Needs AVX2, BMI1, BMI2.
TEXT utf8ShortAVX2<>(SB), NOSPLIT, $0-40
	UTF8_SETUP(R9)
	XORQ R12, R12 // the vector's base: p+R12 is its byte 0
	MOVL SI, R9
	ANDL $4095, R9
	CMPL R9, $4064
	JA   end
	VMOVDQU (SI), Y0
	LEAQ utf8Keep<>(SB), R9
	MOVQ $64, R10
	SUBQ CX, R10
	VPAND (R9)(R10*1), Y0, Y0
	UTF8_ASCII32
	UTF8_CHECK32
	MOVL AX, R8 // the flags, kept for spass

exact:
	MOVQ R12, DI
	UTF8_EXACT32(at)

done:
	UTF8_STOP2(spass, out, refine)

end:
	VMOVDQU -32(SI)(CX*1), Y0
	LEAQ utf8Keep<>(SB), R9
	VPAND (R9)(CX*1), Y0, Y0
	LEAQ -32(CX), R12
	UTF8_ASCII32
	UTF8_CHECK32
	MOVQ R12, R9
	NEGQ R9
	// A sequence cut by the end is a member at its lead; the zeros
	// before p (32-n bytes) are not bytes of p.
	ORL  R10, AX
	SHRXL R9, AX, AX
	SHLXL R9, AX, AX
	MOVL AX, R8
	TESTL AX, AX
	JNZ  exact

none:
	MOVQ CX, DI
	JMP  done

spass:
	// The flags before DI, the end of the sequence passed, are dropped
	// (their count DI-R12 may be 32, hence the 64-bit shifts); the others
	// stand, computed from the bytes they describe. Y0 and Y4 are as
	// UTF8_CHECK32 left them, for UTF8_EXACT32.
	MOVQ DI, BX
	SUBQ R12, BX
	SHRXQ BX, R8, AX
	SHLXQ BX, AX, AX
	TESTQ AX, AX
	JZ   none
	JMP  exact

// func copyUTF8AVX2(s *Set, dst, src *byte, n int) int
//
// Index of the first member of src[0:n] for the UTF-8 Set s, or n, for
// n >= 32 (0 for n < 32), with the clean prefix copied: each vector is
// stored to dst before it is tested, so dst[0:i] = src[0:i] for the
// returned i. It is utf8LoopAVX2 from src[0], which must be a sequence
// boundary. Needs AVX2, BMI1, BMI2.
TEXT ·copyUTF8AVX2(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), AX
	MOVQ dst+8(FP), DX
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	XORQ DI, DI
	MOVQ DI, ret+32(FP)
	CMPQ CX, $32
	JB   short
	LEAQ Set_nib(AX), R9
	MOVQ R9, s+0(FP)
	AVX2_SETUP(R9)
	LEAQ Set_stop(AX), R9
	JMP  utf8LoopAVX2<>(SB)

short:
	RET

// utf8LoopAVX2 is the UTF-8 kernel of AVX2 for n >= 32, in its caller's
// frame (the index in ret+32(FP)): SI src, DX dst, CX n, DI the start (a
// sequence boundary, every byte before it clean and copied), R9 the Set's
// stop table, Y6..Y9 as AVX2_SETUP leaves them. It returns the index of the
// first member of src[DI:n], or n, with the clean bytes from DI copied:
// each vector is stored to dst before it is tested. Reads and writes only
// src[0:n] and dst[0:n]; the rest after the last whole vector is the last
// 32 bytes (UTF8_TAIL32). It ends in UTF8_STOP2, which may send it on
// from a later sequence boundary. Needs AVX2, BMI1, BMI2.
TEXT utf8LoopAVX2<>(SB), NOSPLIT, $0-40
	UTF8_SETUP(R9)
	LEAQ -32(CX), R8
	LEAQ -64(CX), R13

	VPTEST Y13, Y13
	JNZ  vfirst
	UTF8_LOOP64(vloop0, vfirst0, v64utf80, v320, UTF8_FLAGVEC0I, UTF8_FLAGVEC0)
	UTF8_LOOP64(vloop, vfirst, v64utf8, v32, UTF8_FLAGVECI, UTF8_FLAGVEC)

vstep:
	VMOVDQU (SI)(DI*1), Y0
	VMOVDQU Y0, (DX)(DI*1)
	UTF8_VECTOR(vclean, vmember, vproblem, vstepchk)

vclean:
	ADDQ R10, DI
	VPTEST Y13, Y13
	JNZ  vloop
	JMP  vloop0

vmember:
	TZCNTL AX, AX
	ADDQ AX, DI
	JMP  vdone

vproblem:
	// R11, R12, R14: the flags, the vector's index and the end of its
	// clean part if no flag stands (DI+b, UTF8_VECTOR), for vpass.
	MOVL AX, R11
	MOVQ DI, R12
	LEAQ (DI)(R10*1), R14
	UTF8_EXACT32(vproblemat)
	JMP  vdone

vtail:
	CMPQ DI, CX
	JEQ  vdone
	LEAQ -32(CX), R9
	VMOVDQU (SI)(R9*1), Y0
	VMOVDQU Y0, (DX)(R9*1)
	UTF8_TAIL32(vdone, vtailfound, vtailat)

vdone:
	UTF8_STOP2(vpass, vout, vrefine)

vpass:
	// UTF8_STOP2 passed a sequence that ends at DI, in the vector at R12
	// whose flags are R11 (vproblem, UTF8_LAST32). The vector's flags
	// from DI on stand (computed from the bytes they describe; DI-R12 may
	// exceed 31, hence the 64-bit shifts): the first of them is the next
	// stop. With none, the vector is clean up to R14, the loop goes on
	// from there or from DI if that is further, with the stop lookup
	// (vloop): a Set under Set.lineSeps lists E2.
	MOVQ DI, BX
	SUBQ R12, BX
	SHRXQ BX, R11, AX
	SHLXQ BX, AX, AX
	TESTQ AX, AX
	JZ   vpassed
	MOVQ R12, DI
	UTF8_EXACT32(vpassat)
	JMP  vdone

vpassed:
	CMPQ DI, R14
	CMOVQLT R14, DI
	JMP  vloop

// Thresholds - 0x80 at bytes 29, 30, 31 for a lead of a sequence that
// reaches past the vector (F0, E0, C0); 0xFF elsewhere (never).
DATA utf8Thresh<>+0(SB)/8, $-1
DATA utf8Thresh<>+8(SB)/8, $-1
DATA utf8Thresh<>+16(SB)/8, $-1
DATA utf8Thresh<>+24(SB)/8, $0x406070ffffffffff
GLOBL utf8Thresh<>(SB), RODATA|NOPTR, $32

// utf8Keep is 32 zero bytes, 32 0xFF bytes, 32 zero bytes: loaded at 64-n
// it keeps bytes 0..n-1, at n it keeps bytes 32-n..31.
DATA utf8Keep<>+0(SB)/8, $0
DATA utf8Keep<>+8(SB)/8, $0
DATA utf8Keep<>+16(SB)/8, $0
DATA utf8Keep<>+24(SB)/8, $0
DATA utf8Keep<>+32(SB)/8, $-1
DATA utf8Keep<>+40(SB)/8, $-1
DATA utf8Keep<>+48(SB)/8, $-1
DATA utf8Keep<>+56(SB)/8, $-1
DATA utf8Keep<>+64(SB)/8, $0
DATA utf8Keep<>+72(SB)/8, $0
DATA utf8Keep<>+80(SB)/8, $0
DATA utf8Keep<>+88(SB)/8, $0
GLOBL utf8Keep<>(SB), RODATA|NOPTR, $96

// SPLAT32 and SPLAT64 define name<>, 32 or 64 read-only bytes: the
// 8-byte v repeated.
#define SPLAT_DATA32(name, off, v) \
	DATA name<>+(off+0)(SB)/8, v \
	DATA name<>+(off+8)(SB)/8, v \
	DATA name<>+(off+16)(SB)/8, v \
	DATA name<>+(off+24)(SB)/8, v

#define SPLAT32(name, v) \
	SPLAT_DATA32(name, 0, v) \
	GLOBL name<>(SB), RODATA|NOPTR, $32

#define SPLAT64(name, v) \
	SPLAT_DATA32(name, 0, v) \
	SPLAT_DATA32(name, 32, v) \
	GLOBL name<>(SB), RODATA|NOPTR, $64

// nibMask is the 0x0f of every byte, the low-nibble mask (Y8).
SPLAT32(nibMask, $0x0f0f0f0f0f0f0f0f)

SPLAT32(utf8C40, $0x4040404040404040)

SPLAT32(utf8C60, $0x6060606060606060)

SPLAT32(utf8C70, $0x7070707070707070)

SPLAT32(utf8C80, $0x8080808080808080)


// AVX-512 UTF-8 kernel: the UTF-8 rule of the AVX2 kernels on 64-byte
// vectors, with the exact position of the first member found in the vector
// (no scalar window) and a masked final vector (no scalar tail). It takes
// the Set itself, so that copyEntry reaches it with a jump.
//
// Each vector starts 64 bytes after the last, whatever its bytes: the scan
// never waits for one vector's result to know where the next one starts.
// The previous bytes of the vector at i are loads at i-1, i-2 and i-3, or,
// for the vector at 0 (a sequence boundary), the vector shifted with zeros
// (ASCII) in, so nothing before p is read. (Masked loads before p are
// slow: at i = 0 on an input at a page start the masked-off lane lies in
// the previous page, and the fault-suppression assist runs on every
// call.) A sequence that runs past a vector is checked by the next one,
// which is then tested as UTF-8 even if it is ASCII; past the last vector
// it is cut by the end, and its lead is the member. The kernel
// starts in the ASCII loop; the first vector with a byte >= 0x80 loads the
// UTF-8 tables (so an ASCII string costs what it costs the ASCII kernel)
// and enters a loop of UTF-8 vectors, which returns to the ASCII loop after
// a vector that is all ASCII (no sequence can run past it). Sets without
// stop leads (Set.stops) run that loop without the stop lookup, two
// vectors at a time.
//
// Exact position: let f be the first flag (ASCII member, stop lead,
// validation error, or, in the final vector, a sequence cut by the end).
// Every byte before f belongs to a valid sequence. If byte f is expected to
// continue a sequence (previous byte >= C0, or the one before >= E0, or the
// one before that >= F0), the member is that sequence's lead, the last byte
// >= C0 before f, which may lie in the previous vector; otherwise f starts
// a sequence and is the member.
//
// Registers (besides Z6..Z8 of AVX512_SETUP): Z10..Z12 validation tables,
// Z13/Z14 stop tables, Z16..Z18 the bytes 0x60, 0x70, 0x80, Z22 zero,
// Z19, Z21, Z31 the line separators' bytes (Set.sepVec only);
// Z23..Z30 and K3..K6 hold the second vector of the two-vector loop. R13
// is nonzero once the tables are loaded (2 for a Set without stop leads,
// 3 for a Set.sepVec Set);
// R14 is the lead of a sequence cut by the end of the last whole vector,
// or -1.
#define UTF8_512_SETUP(set) \
	VBROADCASTI32X4 ·utf8Tables+0(SB), Z10 \
	VBROADCASTI32X4 ·utf8Tables+16(SB), Z11 \
	VBROADCASTI32X4 ·utf8Tables+32(SB), Z12 \
	VBROADCASTI32X4 Set_stop(set), Z13 \
	VBROADCASTI32X4 Set_stop+16(set), Z14 \
	VPBROADCASTD utf8C60<>(SB), Z16 \
	VPBROADCASTD utf8C70<>(SB), Z17 \
	VPBROADCASTD utf8C80<>(SB), Z18 \
	VPXORQ Z22, Z22, Z22 \
	MOVQ $1, R11 \
	MOVQ $2, R13 \
	CMPB Set_stops(set), $0 \
	CMOVQNE R11, R13 \
	MOVQ $3, R11 \
	CMPB Set_sepVec(set), $0 \
	CMOVQNE R11, R13

// UTF8_512_SETUP_ONCE runs UTF8_512_SETUP for the Set of the first
// argument unless R13 says it has run, and for a Set.sepVec Set (R13 3)
// loads the line separators' bytes (Z19 0xFE, Z21 0xA8, Z31 0xE2),
// which no other Set reads; ready is the label it defines after it.
#define UTF8_512_SETUP_ONCE(ready) \
	TESTQ R13, R13 \
	JNZ ready \
	MOVQ s+0(FP), R9 \
	UTF8_512_SETUP(R9) \
	CMPQ R13, $3 \
	JNE ready \
	VPBROADCASTD utf8CFE<>(SB), Z19 \
	VPBROADCASTD utf8CA8<>(SB), Z21 \
	VPBROADCASTD utf8CE2<>(SB), Z31 \
ready:

// UTF8_512_PREV_SHIFT sets Z1, Z2, Z3 to the bytes 1, 2, 3 before each
// byte of the vector Z0 at p[0], zeros before p.
#define UTF8_512_PREV_SHIFT \
	VALIGNQ $6, Z22, Z0, Z3 \
	VPALIGNR $15, Z3, Z0, Z1 \
	VPALIGNR $14, Z3, Z0, Z2 \
	VPALIGNR $13, Z3, Z0, Z3

// UTF8_512_PREV_LOAD is UTF8_512_PREV_SHIFT for a whole vector at DI > 0.
#define UTF8_512_PREV_LOAD \
	VMOVDQU64 -1(SI)(DI*1), Z1 \
	VMOVDQU64 -2(SI)(DI*1), Z2 \
	VMOVDQU64 -3(SI)(DI*1), Z3

// UTF8_512_PREV_LOADZ is UTF8_512_PREV_LOAD for the final vector of r
// bytes, K4 being r+1 bits: it reads nothing at or past p+n.
#define UTF8_512_PREV_LOADZ \
	VMOVDQU8.Z -1(SI)(DI*1), K4, Z1 \
	VMOVDQU8.Z -2(SI)(DI*1), K4, Z2 \
	VMOVDQU8.Z -3(SI)(DI*1), K4, Z3

// UTF8_512_CHECK sets kout to the ASCII members among kin of the vector
// x, and leaves in a a nonzero byte for every validation error, given the
// previous bytes p1, p2, p3 (p2 and p3 are clobbered). h is left the high
// nibbles of x; b and c are scratch.
#define UTF8_512_CHECK(x, p1, p2, p3, h, a, b, c, kin, kout) \
	VPSRLW $4, x, h \
	VPANDQ Z8, h, h \
	VPSHUFB x, Z6, a \
	VPSHUFB h, Z7, b \
	VPTESTNMB b, a, kin, kout \
	VPSRLW $4, p1, a \
	VPANDQ Z8, a, a \
	VPSHUFB a, Z10, a \
	VPANDQ Z8, p1, b \
	VPSHUFB b, Z11, b \
	VPSHUFB h, Z12, c \
	VPTERNLOGD $0x80, c, b, a \
	VPSUBUSB Z16, p2, p2 \
	VPSUBUSB Z17, p3, p3 \
	VPORQ p3, p2, p2 \
	VPTERNLOGD $0x78, Z18, p2, a

// UTF8_512_OR sets k to k OR the nonzero bytes of a, with kt as scratch.
#define UTF8_512_OR(a, kt, k) \
	VPTESTMB a, a, kt \
	KORQ k, kt, k

// UTF8_512_FLAGS sets K1 to the ASCII members among K7 and the validation
// errors and stop leads of the vector Z0 at DI, given its previous bytes
// Z1, Z2, Z3. Leaves Z1 = previous bytes and the high bit of Z2 set where a
// byte must be a third or fourth byte.
#define UTF8_512_FLAGS \
	UTF8_512_CHECK(Z0, Z1, Z2, Z3, Z4, Z5, Z9, Z20, K7, K1) \
	VPANDQ Z8, Z0, Z9 \
	VPSHUFB Z9, Z13, Z9 \
	VPSHUFB Z4, Z14, Z20 \
	VPTERNLOGD $0xF8, Z20, Z9, Z5 \
	UTF8_512_OR(Z5, K2, K1)

// UTF8_512_FLAGS_NOSTOP is UTF8_512_FLAGS for a Set without stop leads
// (Set.stops false): the validation tables flag every invalid lead, so the
// stop lookup is skipped.
#define UTF8_512_FLAGS_NOSTOP \
	UTF8_512_CHECK(Z0, Z1, Z2, Z3, Z4, Z5, Z9, Z20, K7, K1) \
	UTF8_512_OR(Z5, K2, K1)

// UTF8_512_FLAGS_NOSTOP_B is UTF8_512_FLAGS_NOSTOP for the second vector
// of the two-vector loop: the vector Z23, its previous bytes Z24..Z26, its
// ASCII bytes K6; flags in K5. Clobbers Z25, Z27..Z30, K4.
#define UTF8_512_FLAGS_NOSTOP_B \
	UTF8_512_CHECK(Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, K6, K5) \
	UTF8_512_OR(Z28, K4, K5)

// UTF8_512_FLAGS_SEPS is UTF8_512_FLAGS_NOSTOP for a Set whose only
// listed lead is E2 and whose rune test under it is U+2028 and U+2029
// (Set.sepVec): those two sequences, E2 80 A8 and E2 80 A9, are flagged at
// their third byte, which the exact position takes back to their lead,
// and no other sequence stops the scan. The exact test runs only for a
// vector with an E2 two bytes before some byte (one compare otherwise:
// mask-producing compares are what this loop is short of). skip is the
// label it defines at its end. Clobbers K5 (K4 and K6 keep what the tail
// and the two-vector loop hold in them).
#define UTF8_512_FLAGS_SEPS(skip) \
	VPCMPEQB Z31, Z2, K5 \
	UTF8_512_CHECK(Z0, Z1, Z2, Z3, Z4, Z5, Z9, Z20, K7, K1) \
	UTF8_512_OR(Z5, K2, K1) \
	UTF8_512_SEPS_REST(Z0, Z1, Z9, K5, K1, skip)

// UTF8_512_SEPS_REST is the line-separator test's second part for the
// vector x with previous bytes p1, given in k the bytes with an E2 two
// before them: unless k is empty, it keeps in k those that are A8 or A9
// after 80 and adds them to flags. t is scratch; skip is the label it
// defines at its end.
#define UTF8_512_SEPS_REST(x, p1, t, k, flags, skip) \
	KORTESTQ k, k \
	JZ skip \
	VPANDQ Z19, x, t \
	VPCMPEQB Z21, t, k, k \
	VPCMPEQB Z18, p1, k, k \
	KORQ k, flags, flags \
skip:

// UTF8_512_SEPS_B_E2 and UTF8_512_SEPS_B do UTF8_512_FLAGS_SEPS's test
// for the second vector of the two-vector loop (Z23, its previous bytes
// Z24, Z25), around UTF8_512_FLAGS_NOSTOP_B (which clobbers Z25), adding
// to its flags K5; K3 holds the E2 bytes in between. Clobbers Z29.
#define UTF8_512_SEPS_B_E2 \
	VPCMPEQB Z31, Z25, K3

#define UTF8_512_SEPS_B(skip) \
	UTF8_512_SEPS_REST(Z23, Z24, Z29, K3, K5, skip)

// UTF8_512_FLAGS_SEPS_ONE is UTF8_512_FLAGS_SEPS for the one place that
// hands it to UTF8_512_VECTOR, which takes a macro without arguments.
#define UTF8_512_FLAGS_SEPS_ONE UTF8_512_FLAGS_SEPS(xsone)

// UTF8_512_PAIR_LOAD and UTF8_512_PAIR_NEXT are the two-vector loops'
// (xp, xps) first and last part. PAIR_LOAD jumps to one unless 128 bytes
// are left; then copies the vectors at DI (Z0) and DI+64 (Z23), sets K7
// and K6 to their ASCII bytes, and loads their previous bytes (Z1..Z3,
// Z24..Z26). The flags go between: the first vector's in K1, the
// second's in K5. PAIR_NEXT jumps to one (the one-vector loop, which
// tests both again) if either has a flag, and otherwise moves DI past
// both and goes on at again, or at the ASCII loop after an all-ASCII
// second vector. The second vector moves to Z0, where xucut reads the
// last vector.
#define UTF8_512_PAIR_LOAD(one) \
	CMPQ DI, R12 \
	JGT one \
	VMOVDQU64 (SI)(DI*1), Z0 \
	VMOVDQU64 64(SI)(DI*1), Z23 \
	VMOVDQU64 Z0, (DX)(DI*1) \
	VMOVDQU64 Z23, 64(DX)(DI*1) \
	VPMOVB2M Z0, K2 \
	VPMOVB2M Z23, K6 \
	KNOTQ K2, K7 \
	KNOTQ K6, K6 \
	UTF8_512_PREV_LOAD \
	VMOVDQU64 63(SI)(DI*1), Z24 \
	VMOVDQU64 62(SI)(DI*1), Z25 \
	VMOVDQU64 61(SI)(DI*1), Z26

#define UTF8_512_PAIR_NEXT(one, again) \
	KORTESTQ K1, K5 \
	JNZ one \
	VMOVDQA64 Z23, Z0 \
	ADDQ $128, DI \
	KORTESTQ K6, K6 \
	JCC again \
	JMP xone

// UTF8_512_VECTOR copies and tests the whole vector at DI with flags
// (UTF8_512_FLAGS or UTF8_512_FLAGS_NOSTOP), DI > 0. It jumps to cut if no
// whole vector is left, to found with the flags in K1, and otherwise moves
// DI to the next vector and jumps to again, or to ascii after a vector that
// is all ASCII.
#define UTF8_512_VECTOR(flags, again, ascii, cut, found) \
	CMPQ DI, R8 \
	JGT cut \
	VMOVDQU64 (SI)(DI*1), Z0 \
	VMOVDQU64 Z0, (DX)(DI*1) \
	VPMOVB2M Z0, K2 \
	KNOTQ K2, K7 \
	UTF8_512_PREV_LOAD \
	flags \
	KORTESTQ K1, K1 \
	JNZ found \
	ADDQ $64, DI \
	KORTESTQ K7, K7 \
	JCC again \
	JMP ascii

// func copyUTF8AVX512(s *Set, dst, src *byte, n int) int
//
// Index of the first member of src[0:n] for a UTF-8 Set, or n, with the
// clean prefix copied to dst: each vector is stored before it is tested.
// Reads exactly src[0:n], writes exactly dst[0:n]. src[0] must be a
// sequence boundary. Needs AVX512BW. It is utf8512<> without the rune
// test.
TEXT ·copyUTF8AVX512(SB), NOSPLIT, $0-40
	MOVQ $0, ret+32(FP)
	JMP  utf8512<>(SB)

// func refined512(s *Set, dst, src *byte, n int) int
//
// copyEntry's row at level AVX-512 for a UTF-8 Set with a rune test
// (Set.escapes): utf8512<> with the test, which costs nothing unless the
// kernel stops at a byte >= 0x80.
TEXT ·refined512(SB), NOSPLIT, $0-40
	MOVQ $1, ret+32(FP)
	JMP  utf8512<>(SB)

// utf8512<> is the AVX-512 UTF-8 kernel, with the arguments of
// copyUTF8AVX512. Its result slot holds, until the result is written, 1 if
// the Set's rune test applies (refined512) and 0 if not: where the kernel
// stops at a byte >= 0x80 before n, the test applies (refineTail) or
// the kernel returns. Stops at ASCII bytes and the end of src return at
// once, so the test adds no call and no frame to them. Mode 2 is
// escapeAVX512's, which jumps here at a byte >= 0x80 with its own, larger
// frame: ASCII members are written through its table (xfesc, xesc), the
// rune test is left to the caller, and the result goes to its in (plus
// base) at xretesc; the other modes pay one test of the slot on return.
TEXT utf8512<>(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), AX
	MOVQ dst+8(FP), DX
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	LEAQ Set_nib(AX), AX
	AVX512_SETUP(AX)
	XORQ DI, DI
	XORQ R13, R13
	MOVQ $-1, R14
	LEAQ -64(CX), R8
	LEAQ -128(CX), R12

xloop:
	// 128 ASCII bytes at a time while they last, as copyAVX512 does;
	// entered at the start and after an ASCII vector only, so non-ASCII
	// text does not pay for the failed test.
	CMPQ DI, R12
	JGT  xone
	VMOVDQU64 (SI)(DI*1), Z0
	VMOVDQU64 64(SI)(DI*1), Z1
	VMOVDQU64 Z0, (DX)(DI*1)
	VMOVDQU64 Z1, 64(DX)(DI*1)
	VPORQ Z0, Z1, Z2
	VPMOVB2M Z2, K2
	KORTESTQ K2, K2
	JNZ  xone
	MEMBERS512(Z0, Z2, K1)
	MEMBERS512(Z1, Z3, K2)
	KORTESTQ K1, K2
	JNZ  xone
	ADDQ $128, DI
	JMP  xloop

xone:
	CMPQ DI, R8
	JGT  xtail
	VMOVDQU64 (SI)(DI*1), Z0
	VMOVDQU64 Z0, (DX)(DI*1)
	VPMOVB2M Z0, K2
	KORTESTQ K2, K2
	JNZ  xutf8
	MEMBERS512(Z0, Z2, K1)
	KORTESTQ K1, K1
	JNZ  xascii
	ADDQ $64, DI
	JMP  xloop

xutf8:
	UTF8_512_SETUP_ONCE(xready)
	KNOTQ K2, K7
	// The bytes before DI are loaded when there are three (DI is then a
	// vector's end or the end of a passed sequence); after an escape at
	// src[0] or src[1] (xesc) they are taken as zeros, exact at that
	// sequence boundary, so nothing before src is read.
	CMPQ DI, $3
	JCC  xprevload
	UTF8_512_PREV_SHIFT
	JMP  xflags

xprevload:
	UTF8_512_PREV_LOAD

xflags:
	CMPQ R13, $3
	JEQ  xflagsseps
	UTF8_512_FLAGS
	KORTESTQ K1, K1
	JNZ  xfoundk
	ADDQ $64, DI
	CMPQ R13, $2
	JEQ  xp

xu:
	// Vectors with non-ASCII bytes: stay in this loop, each vector 64
	// bytes after the last, until one is all ASCII (no sequence runs
	// past it: back to the ASCII loop) or the input ends.
	UTF8_512_VECTOR(UTF8_512_FLAGS, xu, xone, xucut, xfoundk)

xp:
	// xu for a Set without stop leads, two vectors at a time while
	// 128 bytes are left; a member in either sends both through the
	// one-vector loop (xp1).
	UTF8_512_PAIR_LOAD(xp1)
	UTF8_512_FLAGS_NOSTOP
	UTF8_512_FLAGS_NOSTOP_B
	UTF8_512_PAIR_NEXT(xp1, xp)

xp1:
	UTF8_512_VECTOR(UTF8_512_FLAGS_NOSTOP, xp, xone, xucut, xfoundk)

xflagsseps:
	UTF8_512_FLAGS_SEPS(xsfirst)
	KORTESTQ K1, K1
	JNZ  xfoundk
	ADDQ $64, DI

xps:
	// xp for a Set.sepVec Set: two vectors at a time while 128 bytes
	// are left, each tested for the line separators too; a flag in
	// either sends both through the one-vector loop (xs).
	UTF8_512_PAIR_LOAD(xs)
	UTF8_512_FLAGS_SEPS(xpsa)
	UTF8_512_SEPS_B_E2
	UTF8_512_FLAGS_NOSTOP_B
	UTF8_512_SEPS_B(xpsb)
	UTF8_512_PAIR_NEXT(xs, xps)

xs:
	// xu for a Set.sepVec Set, one vector at a time: the rest after the
	// two-vector loop, or the two vectors of it that hold a flag.
	UTF8_512_VECTOR(UTF8_512_FLAGS_SEPS_ONE, xps, xone, xucut, xfoundk)

xucut:
	// A sequence that runs past the last whole vector (Z0) has its lead
	// in R14 for xtail.
	VPSUBUSB utf8Thresh512<>(SB), Z0, Z9
	VPMOVB2M Z9, K2
	KMOVQ K2, R10
	TESTQ R10, R10
	JZ   xtail
	TZCNTQ R10, R10
	LEAQ -64(DI)(R10*1), R14
	JMP  xtail

xfoundk:
	KMOVQ K1, AX
	JMP  xfound

xtail:
	MOVQ CX, BX
	SUBQ DI, BX
	JEQ  xend
	MASKED_TAIL(DI)
	VPMOVB2M Z0, K2
	KORTESTQ K2, K2
	JNZ  xtailutf8
	CMPQ R14, $-1
	JNE  xtailutf8
	MEMBERS512Z(Z0, Z2, K3, K1)
	KORTESTQ K1, K1
	JNZ  xascii

xnone:
	VZEROUPPER
	CMPQ ret+32(FP), $2
	JEQ  xnoneesc
	MOVQ CX, ret+32(FP)
	RET

xnoneesc:
	MOVQ CX, AX
	JMP  xretesc

xend:
	// The input ends at a vector's end: a sequence cut there is a member.
	MOVQ R14, AX
	CMPQ AX, $-1
	JEQ  xnone
	JMP  xstop

xtailutf8:
	UTF8_512_SETUP_ONCE(xtailready)
	// K4: the r bytes and the one after them, where the zeros past the
	// end flag a sequence cut by it ("lead, then no continuation" or a
	// missing third or fourth byte). That byte's previous bytes are
	// p[n-1], p[n-2], p[n-3]: the loads below read no further.
	LEAQ 1(BX), R10
	MOVQ $-1, R9
	BZHIQ R10, R9, R9
	KMOVQ R9, K4
	KANDNQ K3, K2, K7
	CMPQ DI, $3
	JCC  xtailprev
	UTF8_512_PREV_SHIFT
	JMP  xtailflags

xtailprev:
	UTF8_512_PREV_LOADZ

xtailflags:
	CMPQ R13, $3
	JEQ  xtailseps
	UTF8_512_FLAGS
	JMP  xtailk

xtailseps:
	UTF8_512_FLAGS_SEPS(xstail)

xtailk:
	KANDQ K4, K1, K1
	KMOVQ K1, AX
	TESTQ AX, AX
	JEQ  xnone

xfound:
	// AX: the flags of the vector at DI (nonzero); see Exact position.
	CMPQ ret+32(FP), $2
	JEQ  xfesc0

xfoundexact:
	TZCNTQ AX, AX
	VPSUBUSB utf8C40x64<>(SB), Z1, Z9
	VPORQ Z9, Z2, Z9
	VPMOVB2M Z9, K2
	KMOVQ K2, BX
	BTQ AX, BX
	JCC  xfoundat
	VPSUBUSB utf8C40x64<>(SB), Z0, Z9
	VPMOVB2M Z9, K2
	KMOVQ K2, BX
	BZHIQ AX, BX, BX
	JZ   xfoundback
	BSRQ BX, AX

xfoundat:
	ADDQ DI, AX
	JMP  xstop

xfoundback:
	// The lead is one of the last bytes of the previous vector.
	LEAQ -1(DI)(AX*1), AX

xback:
	MOVBLZX (SI)(AX*1), BX
	CMPL BX, $0xC0
	JAE  xbackdone
	DECQ AX
	JMP  xback

xbackdone:
	JMP  xstop

xascii:
	KMOVQ K1, AX
	TZCNTQ AX, AX
	ADDQ DI, AX
	CMPQ ret+32(FP), $2
	JEQ  xesc
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

xstop:
	// AX: the stop from the UTF-8 flags, before n; an ASCII member, or
	// a byte >= 0x80 that the rune test (if any) applies to.
	CMPQ ret+32(FP), $0
	JEQ  xstopret
	CMPQ AX, CX
	JEQ  xstopret
	MOVBLZX (SI)(AX*1), BX
	CMPL BX, $0x80
	JCS  xstopascii
	CMPL BX, $0xE2
	JNE  xrefine
	MOVQ s+0(FP), R9
	CMPB Set_lineSeps(R9), $0
	JEQ  xrefine
	// A Set whose rune test under E2 is U+2028 and U+2029 alone
	// (Set.lineSeps): E2 80 A8 and E2 80 A9 are members, as are an
	// invalid or cut sequence; any other valid sequence is copied and the
	// scan goes on after it, from the ASCII loop, with its tables loaded.
	LEAQ 2(AX), R10
	CMPQ R10, CX
	JGE  xstopret
	MOVBLZX 1(SI)(AX*1), BX
	MOVBLZX 2(SI)(AX*1), R11
	CMPL BX, $0x80
	JNE  xe2valid
	MOVL R11, R9
	ANDL $0xFE, R9
	CMPL R9, $0xA8
	JEQ  xstopret

xe2valid:
	MOVL BX, R9
	ANDL $0xC0, R9
	CMPL R9, $0x80
	JNE  xstopret
	MOVL R11, R9
	ANDL $0xC0, R9
	CMPL R9, $0x80
	JNE  xstopret
	MOVB $0xE2, (DX)(AX*1)
	MOVB BX, 1(DX)(AX*1)
	MOVB R11, 2(DX)(AX*1)
	LEAQ 3(AX), DI
	MOVQ $-1, R14
	JMP  xloop

xrefine:
	VZEROUPPER
	CMPQ ret+32(FP), $2
	JEQ  xret
	JMP  ·refineTail(SB)

xstopascii:
	CMPQ ret+32(FP), $2
	JEQ  xesc

xstopret:
	VZEROUPPER

xret:
	// AX: the result. In mode 2 (escapeAVX512's UTF-8 part) it goes to
	// that function's in, plus base, and the result slot keeps the mode.
	CMPQ ret+32(FP), $2
	JEQ  xretesc
	MOVQ AX, ret+32(FP)
	RET

xretesc:
	ADDQ base+72(FP), AX
	MOVQ AX, in+56(FP)
	RET

xfesc0:
	// Mode 2: the flags of the vector are written here, from the first,
	// while each is an ASCII member (not a byte some sequence before it
	// expects to continue, nor the byte past n): its word of t, then the
	// vector's lanes after it again, masked, at the moved DX. R11: the
	// lanes expected to continue a sequence (as xfound finds them).
	VPSUBUSB utf8C40x64<>(SB), Z1, Z9
	VPORQ Z9, Z2, Z9
	VPMOVB2M Z9, K2
	KMOVQ K2, R11

xfesc:
	TZCNTQ AX, R9
	BTQ  R9, R11
	JCS  xfoundexact
	ADDQ DI, R9
	CMPQ R9, CX // never taken (a flag past n expects a continuation): no read past src
	JAE  xfoundexact
	MOVBLZX (SI)(R9*1), BX
	CMPL BX, $0x80
	JAE  xfoundexact
	MOVQ delta+64(FP), R10
	CMPQ R10, lim+48(FP)
	JGT  xfoundexact
	ESC_WORD(R9)
	SUBQ DI, R9
	MOVQ $-2, BX
	SHLXQ R9, BX, BX
	MOVQ CX, R10
	SUBQ DI, R10
	CMPQ R10, $64
	JCC  xfesclanes
	BZHIQ R10, BX, BX

xfesclanes:
	KMOVQ BX, K2
	VMOVDQU8 Z0, K2, (DX)(DI*1)
	BLSRQ AX, AX
	JNZ  xfesc
	// Every flag written: the final partial vector ends the input; after
	// a whole one the UTF-8 loop of the Set goes on.
	CMPQ R10, $64
	JCS  xnone
	ADDQ $64, DI
	CMPQ R13, $3
	JEQ  xps
	CMPQ R13, $2
	JEQ  xp
	JMP  xu

xesc:
	// Mode 2, AX an ASCII member before n: unless the room is spent
	// (delta > lim), store its word of t at dst+AX, move DX and delta by
	// the word's length less one, so that (DX)(DI*1) stays the output
	// position of src[DI], and go on after it as xe2valid does.
	MOVQ delta+64(FP), R9
	CMPQ R9, lim+48(FP)
	JGT  xstopret
	MOVBLZX (SI)(AX*1), BX
	ESC_WORD(AX)
	LEAQ 1(AX), DI
	MOVQ $-1, R14
	JMP  xloop

// Thresholds - 0x80 of a lead whose sequence reaches past byte 63 (F0 at
// 61, E0 at 62, C0 at 63), 0xFF (never) elsewhere: the sequence cut by the
// end of the last whole vector (the final partial vector finds its cut
// sequences from the zeros past the end).
DATA utf8Thresh512<>+0(SB)/8, $-1
DATA utf8Thresh512<>+8(SB)/8, $-1
DATA utf8Thresh512<>+16(SB)/8, $-1
DATA utf8Thresh512<>+24(SB)/8, $-1
DATA utf8Thresh512<>+32(SB)/8, $-1
DATA utf8Thresh512<>+40(SB)/8, $-1
DATA utf8Thresh512<>+48(SB)/8, $-1
DATA utf8Thresh512<>+56(SB)/8, $0x406070ffffffffff
GLOBL utf8Thresh512<>(SB), RODATA|NOPTR, $64

SPLAT64(utf8C40x64, $0x4040404040404040)
SPLAT32(utf8CFE, $0xfefefefefefefefe)
SPLAT32(utf8CA8, $0xa8a8a8a8a8a8a8a8)
SPLAT32(utf8CE2, $0xe2e2e2e2e2e2e2e2)

// func copyEntry(s *Set, dst, src *byte, n int) int
//
// Set.Copy's one call: it jumps to the kernel for this CPU (level) and
// Set, so that Copy inlines into its callers and a string costs one ABI0
// call (the table in the package documentation). The kernels whose first
// argument is the nib table get it in place of s; copyAVX2core also gets
// a UTF-8 Set in R13; level 0 goes to the portable kernels (copyGo). At
// level AVX-512 a UTF-8 Set with a rune test (Set.escapes) goes to
// refined512; at level AVX2 it gets mode 1 in the result slot
// (UTF8_STOP2).
TEXT ·copyEntry(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), AX
	// The short UTF-8 kernel (short_amd64.s) for n <= shortUTF8 and a Set
	// that takes it (Set.short, never at level 0): shortUTF8AVX2 for
	// shortPlain, shortLeadsAVX2 for the modes above it.
	CMPQ n+24(FP), $const_shortUTF8
	JA   clevel
	CMPB Set_short(AX), $const_shortPlain
	JEQ  cshort
	JA   cshortleads

clevel:
	MOVBLZX ·level(SB), BX
	CMPL BX, $2
	JNE  c2
	CMPB Set_utf8(AX), $0
	JNE  c512utf8
	LEAQ Set_nib(AX), AX
	MOVQ AX, s+0(FP)
	JMP  ·copyAVX512(SB)

c512utf8:
	CMPQ Set_escapes(AX), $0
	JNE  c512refined
	JMP  ·copyUTF8AVX512(SB)

c512refined:
	JMP  ·refined512(SB)

c2:
	// copyAVX2core, with R13 = 0 for a plain Set and the Set for a UTF-8
	// one; mode 1 in the result slot where a rune test applies
	// (UTF8_STOP2).
	CMPL BX, $1
	JNE  cgo
	XORQ R13, R13
	CMPB Set_utf8(AX), $0
	JEQ  c2core
	MOVQ AX, R13
	CMPQ Set_escapes(AX), $0
	JEQ  c2core
	MOVQ $1, ret+32(FP)

c2core:
	LEAQ Set_nib(AX), AX
	MOVQ AX, s+0(FP)
	JMP  copyAVX2core<>(SB)

cshort:
	JMP  ·shortUTF8AVX2(SB)

cshortleads:
	JMP  ·shortLeadsAVX2(SB)

cgo:
	JMP  ·copyGo(SB)

// func refineTail(s *Set, dst, src *byte, n int) int
//
// The end of utf8512<> and of the AVX2 UTF-8 kernels (UTF8_STOP2) where
// they stopped at src[AX], a byte >= 0x80 with AX < n, for a Set with a
// rune test that applies: refineFrom applies the test there and goes on
// after a sequence it passes. Reached by a jump, with the arguments of
// copyEntry (s the Set itself) and AX; the frame holds only refineFrom's
// arguments.
TEXT ·refineTail(SB), NOSPLIT, $48-40
	NO_LOCAL_POINTERS
	MOVQ s+0(FP), BX
	MOVQ BX, 0(SP)
	MOVQ dst+8(FP), BX
	MOVQ BX, 8(SP)
	MOVQ src+16(FP), BX
	MOVQ BX, 16(SP)
	MOVQ n+24(FP), BX
	MOVQ BX, 24(SP)
	MOVQ AX, 32(SP)
	CALL ·refineFrom(SB)
	MOVQ 40(SP), AX
	MOVQ AX, ret+32(FP)
	RET

// func escapeAVX512(s *Set, dst, src *byte, n, mode int, t *[128]Escape, lim int) (in, delta, base int)
//
// Set.Escape at level AVX-512, for mode 2 (the UTF-8 kernel's result
// slot): it returns in, the bytes of src taken, and delta, what dst got
// beyond them (out = in+delta); base is scratch. It stops at n, before an
// ASCII member while delta > lim (so nothing at all for lim < 0), or at a
// byte >= 0x80 that is a member or, for a Set with a rune test, one the
// test must see.
//
// ASCII text is scanned here with separate positions in src (DI) and dst
// (R8). src[0], if ASCII, is written through t first (t gives a byte that
// is not a member as itself). Each vector of src is then stored at
// dst+out before it is tested, as in copyAVX512, and its members are
// written in the same vector (evec): each ASCII member's word of t at its
// output position, then the vector's lanes after it again, masked, at the
// position the word moved. The last partial vector is a masked load and
// store. At a byte >= 0x80 of a UTF-8 Set, the UTF-8 kernel (utf8512<>)
// goes on in mode 2 over the rest: this frame's dst, src and n are moved
// to that byte and its output position, base holds how far, and delta
// the lead so far. Escape's room contract keeps every store inside dst: a
// word is written only while delta <= lim, and after it at most the rest
// of src. R12 t, R13 lim, R14 the lanes of a vector that are src's (all
// 64 but in the last).
TEXT ·escapeAVX512(SB), NOSPLIT, $0-80
	MOVQ s+0(FP), AX
	MOVQ t+40(FP), R12
	MOVQ dst+8(FP), DX
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ lim+48(FP), R13
	XORQ DI, DI
	XORQ R8, R8
	TESTQ CX, CX
	JEQ  eret
	TESTQ R13, R13
	JLT  eret
	LEAQ Set_nib(AX), R9
	AVX512_SETUP(R9)
	MOVBQZX (SI), R9
	CMPQ R9, $0x80
	JAE  eat
	SHLQ $4, R9
	MOVQ (R12)(R9*1), BX
	MOVQ BX, (DX)
	MOVBQZX 8(R12)(R9*1), R8
	MOVQ $1, DI

erun:
	MOVQ CX, BX
	SUBQ DI, BX
	JEQ  edone
	CMPQ BX, $64
	JCS  epart
	MOVQ $64, R14
	VMOVDQU64 (SI)(DI*1), Z0
	VMOVDQU64 Z0, (DX)(R8*1)
	VMOVDQA64 Z0, Z1
	MEMBERS512(Z1, Z2, K1)
	KMOVQ K1, AX
	TESTQ AX, AX
	JNZ  evec
	ADDQ $64, DI
	ADDQ $64, R8
	JMP  erun

epart:
	MOVQ  BX, R14
	MASKED_TAIL(R8)
	VMOVDQA64  Z0, Z1
	MEMBERS512Z(Z1, Z2, K3, K1)
	KMOVQ K1, AX
	TESTQ AX, AX
	JNZ   evec
	ADDQ  BX, DI
	ADDQ  BX, R8
	JMP   edone

evec:
	// AX: the members of the vector at DI, whose R14 lanes are src's.
	TZCNTQ  AX, R9
	LEAQ    (DI)(R9*1), R10
	MOVBQZX (SI)(R10*1), R10
	CMPQ    R10, $0x80
	JAE     eatvec
	MOVQ    R8, R11
	SUBQ    DI, R11
	CMPQ    R11, R13
	JGT     eatvec
	SHLQ    $4, R10
	MOVQ    (R12)(R10*1), R11
	MOVBQZX 8(R12)(R10*1), R10
	LEAQ    (R8)(R9*1), BX
	MOVQ    R11, (DX)(BX*1)
	DECQ    R10
	ADDQ    R10, R8
	MOVQ    $-2, BX
	SHLXQ   R9, BX, BX
	BZHIQ   R14, BX, BX
	KMOVQ   BX, K2
	VMOVDQU8 Z0, K2, (DX)(R8*1)
	BLSRQ   AX, AX
	JNZ     evec
	ADDQ    R14, DI
	ADDQ    R14, R8
	CMPQ    R14, $64
	JEQ     erun
	JMP     edone

eatvec:
	// The member at DI+R9 ends the ASCII scan.
	ADDQ R9, DI
	ADDQ R9, R8

eat:
	// A stop at src[DI]: an ASCII member past lim, or a byte >= 0x80,
	// which the UTF-8 kernel takes for a UTF-8 Set.
	MOVBQZX (SI)(DI*1), R9
	CMPQ R9, $0x80
	JCS  edone
	MOVQ s+0(FP), AX
	CMPB Set_utf8(AX), $0
	JEQ  edone
	VZEROUPPER
	ADDQ R8, DX
	MOVQ DX, dst+8(FP)
	ADDQ DI, SI
	MOVQ SI, src+16(FP)
	SUBQ DI, CX
	MOVQ CX, n+24(FP)
	MOVQ DI, base+72(FP)
	SUBQ DI, R8
	MOVQ R8, delta+64(FP)
	JMP  utf8512<>(SB)

edone:
	VZEROUPPER

eret:
	MOVQ DI, in+56(FP)
	SUBQ DI, R8
	MOVQ R8, delta+64(FP)
	RET

// func utf8LoopEnter()
//
// utf8LoopAVX2<> for copyEscapeLong (escape_amd64.s), which cannot name
// this file's symbols: reached by a jump, in copyEscapeLong's frame, with
// utf8LoopAVX2's registers.
TEXT ·utf8LoopEnter(SB), NOSPLIT, $0-0
	JMP  utf8LoopAVX2<>(SB)

// func copyCoreEnter()
//
// copyAVX2core<> for copyEscapeLong (escape_amd64.s), the same way: its
// arguments in copyEscapeLong's frame, R13 the UTF-8 Set.
TEXT ·copyCoreEnter(SB), NOSPLIT, $0-0
	JMP  copyAVX2core<>(SB)
