//go:build gc && !purego

#include "go_asm.h"
#include "textflag.h"

// The short UTF-8 kernel: a UTF-8 Set's Copy of at most 16 bytes in one
// XMM register, without the set-up of the vector loops (copyAVX2core's
// ASCII pass, then utf8ShortAVX2's tables and 32-byte vector). The bytes
// are loaded once; the ASCII test, the UTF-8 validation (the lookups of
// utf8Tables, as the loops do them) and the exact position of the first
// member are computed from that one register. An ASCII string costs the
// ASCII test alone. Only VEX.128 instructions: the upper halves of the
// YMM registers stay clean, so no VZEROUPPER is needed.
//
// copyEntry jumps here at levels AVX2 and AVX-512 for a UTF-8 Set with
// n <= 16 whose rune test is absent or Set.sepVec's (the line separators
// are flagged in the vector, so the result needs no refinement), as
// Set.short says: to shortUTF8AVX2 for a Set that lists no lead byte, to
// shortLeadsAVX2 for the others. Every other Set and length keeps its
// kernel. The two entries are the same code but for the leads, from the
// macros below, so that neither tests the mode for a Set without them.
//
// Registers: AX the Set, CX n, DX dst, SI src; X0 the bytes, zeros past
// n; X1 their high nibbles; X3, X4 as SHORT_VALID leaves them.

// ESC_SHORT_RES is SHORT_END's result slot for escapeShort: in, and out
// as the same, through a second store (defined before any TEXT, for go
// vet's frame check).
#define ESC_SHORT_RES in+40(FP); MOVQ R10, out+48(FP)

// SHORT_ASCII loads the bytes, stores them and ends the kernel if they
// are all ASCII; it jumps to utf8 if not, with R10 the members, every
// byte >= 0x80 and the zeros past n included (the low lookup gives 0 for
// a byte >= 0x80). zero, end and loaded are the labels it defines.
//
// The load is the 16 bytes at src unless src is in the last 16 bytes of
// its page (ANDN is zero for a page offset of 4080 or more), else the 16
// bytes ending at src+n; R9 then selects the shuffle rows of n for that
// load (utf8Short16Tabs). X1, stored, is src[0:n], then src[n-1]
// repeated; X0 is src[0:n], then zeros, which are members and which the
// UTF-8 test sees as ASCII after the last byte. TZCNTW gives 16 for no
// member: n = 16 has no zero after it.
#define SHORT_ASCII(utf8, zero, end, loaded) \
	MOVQ n+24(FP), CX \
	MOVQ dst+8(FP), DX \
	MOVQ src+16(FP), SI \
	TESTQ CX, CX \
	JEQ  zero \
	MOVL $0xFF0, R8 \
	ANDNL R8, SI, R8 \
	JEQ  end \
	VMOVDQU (SI), X0 \
	LEAQ utf8Short16Tabs<>(SB), R9 \
loaded: \
	LEAQ (R9)(CX*8), R9 \
	VPSHUFB (R9)(CX*8), X0, X1 \
	VMOVDQU X1, (DX) \
	VPSHUFB 272(R9)(CX*8), X0, X0 \
	VMOVDQU Set_nib(AX), X6 \
	VMOVDQU Set_nib+16(AX), X7 \
	VPSRLW $4, X0, X1 \
	VPAND short16x0F<>(SB), X1, X1 \
	VPSHUFB X0, X6, X2 \
	VPSHUFB X1, X7, X3 \
	VPAND X3, X2, X2 \
	VPCMPEQB short16x00<>(SB), X2, X2 \
	VPMOVMSKB X2, R10 \
	VPTEST short16x80<>(SB), X0 \
	JNE  utf8 \
	TZCNTW R10, R10 \
	MOVQ R10, ret+32(FP) \
	RET \
end: \
	VMOVDQU -16(SI)(CX*1), X0 \
	LEAQ utf8Short16Tabs<>+544(SB), R9 \
	JMP  loaded \
zero: \
	MOVQ $0, ret+32(FP) \
	RET

// SHORT_VALID leaves in R10 the ASCII members (and, for n < 16, the zero
// at n), and in X5 a nonzero byte at every validation error: the three
// lookups of utf8Tables on the previous byte's nibbles (its high nibble
// is X1 shifted) and this byte's high nibble (X1), the bytes two and
// three after a 3- or 4-byte lead, which must be continuations (X4,
// 0x80), and a lead at 13..15 whose sequence runs past byte 15
// (short16Cut: for n = 16; for n < 16 the zeros flag it too). The
// previous bytes of byte 0 are zeros (ASCII), exact at src[0]. X3 is
// left the previous bytes.
#define SHORT_VALID \
	VPMOVMSKB X0, BX \
	ANDNL R10, BX, R10 \
	VPSLLDQ $1, X0, X3 \
	VPSLLDQ $2, X0, X4 \
	VPSLLDQ $3, X0, X5 \
	VPSUBUSB short16x60<>(SB), X4, X4 \
	VPSUBUSB short16x70<>(SB), X5, X5 \
	VPOR X5, X4, X4 \
	VPAND short16x80<>(SB), X4, X4 \
	VMOVDQU ·utf8Tables+0(SB), X10 \
	VMOVDQU ·utf8Tables+16(SB), X11 \
	VMOVDQU ·utf8Tables+32(SB), X12 \
	VPSLLDQ $1, X1, X5 \
	VPSHUFB X5, X10, X5 \
	VPAND short16x0F<>(SB), X3, X2 \
	VPSHUFB X2, X11, X2 \
	VPAND X2, X5, X5 \
	VPSHUFB X1, X12, X2 \
	VPAND X2, X5, X5 \
	VPXOR X4, X5, X5 \
	VPSUBUSB short16Cut<>(SB), X0, X2 \
	VPOR X2, X5, X5

// SHORT_END ends the kernel from X5, the flags but the ASCII members
// (R10). With none, the first ASCII member or n is the result (no
// sequence can hold it). Else the first flag, and its exact position
// (the rule of UTF8_EXACT32): if the flagged byte was expected to
// continue a sequence (the byte before it >= C0, or X4), the member is
// that sequence's lead, the last byte >= C0 before it. exact and at are
// the labels it defines; res is the result's slot in the frame.
#define SHORT_END(exact, at, res) \
	VPTEST X5, X5 \
	JNZ  exact \
	TZCNTW R10, R10 \
	MOVQ R10, res \
	RET \
exact: \
	VPCMPEQB short16x00<>(SB), X5, X5 \
	VPMOVMSKB X5, R9 \
	NOTL R9 \
	ORL  R9, R10 \
	TZCNTL R10, R10 \
	VPSUBUSB short16x40<>(SB), X3, X2 \
	VPOR X4, X2, X2 \
	VPMOVMSKB X2, BX \
	BTL  R10, BX \
	JCC  at \
	VPSUBUSB short16x40<>(SB), X0, X2 \
	VPMOVMSKB X2, BX \
	BZHIL R10, BX, BX \
	BSRL BX, R10 \
at: \
	MOVQ R10, res \
	RET


// func copyShortUTF8AVX2(s *Set, dst, src *byte, n int) int
//
// The short UTF-8 kernel from Go (kernels()): the index of the first
// member of src[0:n] for the UTF-8 Set s (Set.short not shortNone), or n,
// for 0 <= n <= 16, with dst[0:n] = src[0:n]. src[0] must be a sequence
// boundary. Reads src[0:n] and, for n < 16, up to 16-n bytes before or
// after it inside the 4 KiB pages of src[0] and src[n-1] (never faults).
// Writes dst[0:16] (for n > 0), every byte a byte of src[0:n]: dst[n:16]
// repeats src[n-1]. Needs AVX2, BMI1, BMI2.
TEXT ·copyShortUTF8AVX2(SB), NOSPLIT, $0-40
	MOVQ s+0(FP), AX
	CMPB Set_short(AX), $const_shortPlain
	JNE  leads
	JMP  ·shortUTF8AVX2(SB)

leads:
	JMP  ·shortLeadsAVX2(SB)

// shortUTF8AVX2 is the kernel for a Set that lists no lead byte
// (shortPlain), with AX the Set.
TEXT ·shortUTF8AVX2(SB), NOSPLIT, $0-40
	SHORT_ASCII(utf8, zero, end, loaded)

utf8:
	SHORT_VALID
	SHORT_END(exact, at, ret+32(FP))

// shortLeadsAVX2 is the kernel for a Set that lists lead bytes
// (shortStops, shortSeps), with AX the Set.
TEXT ·shortLeadsAVX2(SB), NOSPLIT, $0-40
	SHORT_ASCII(utf8, zero, end, loaded)

utf8:
	SHORT_VALID
	CMPB Set_short(AX), $const_shortSeps
	JEQ  seps
	// The listed lead bytes (Set.stop).
	VMOVDQU Set_stop(AX), X6
	VMOVDQU Set_stop+16(AX), X7
	VPAND short16x0F<>(SB), X0, X2
	VPSHUFB X2, X6, X2
	VPSHUFB X1, X7, X6
	VPAND X6, X2, X2
	VPOR X2, X5, X5

test:
	SHORT_END(exact, at, ret+32(FP))

seps:
	// Set.sepVec: E2 is the only listed lead and the rune test passes all
	// it starts but U+2028 and U+2029, so no stop lookup; E2 80 A8 and
	// E2 80 A9 are flagged at their third byte, which the exact position
	// takes back to the E2.
	VPSLLDQ $2, X0, X2
	VPCMPEQB short16xE2<>(SB), X2, X2
	VPCMPEQB short16x80<>(SB), X3, X6
	VPAND X6, X2, X2
	VPAND short16xFE<>(SB), X0, X6
	VPCMPEQB short16xA8<>(SB), X6, X6
	VPAND X6, X2, X2
	VPOR X2, X5, X5
	JMP  test

// func escapeShort(s *Set, dst, src *byte, n int, t *[128]Escape) (in, out int)
//
// The short escape kernel (CopyEscapeTo), for 0 <= n <= 16 and a Set
// whose Set.short is not shortNone: the short UTF-8 kernel's load and
// classification of src[0:n], and, where all n bytes are ASCII, the
// escapes of its members written in the same call from the mask (TZCNT,
// BLSR; no rescan, no branch per byte): each member's word of t at its
// output position, then the register's bytes after the member (PSHUFB by
// short16Shift) at the position the word moved them to. It writes a word
// only while delta = out-in <= shortEscLim, and returns in = n, or the member it
// stopped at, and out = in+delta. Where a byte is >= 0x80 it writes no
// escape: in = out is the Copy result of the short UTF-8 kernel (exact
// under the Set's mode).
//
// Reads as copyShortUTF8AVX2 (src[0:n], and up to 16-n bytes around it
// inside the pages of src[0] and src[n-1]). Writes dst[0:16] and, per
// member, 8 bytes at its output position and 16 after it: at most
// n+shortEscLim+23 <= n+Slack bytes (delta <= shortEscLim+7 after any
// word, the last member at n-1), every byte a byte of src[0:n] or of a
// word of t.
//
// Registers: AX the Set, CX n, DX dst moved by delta (so that (DX)(i*1)
// is the output position of src[i]), SI src, R8 delta, R10 the members,
// R12 t; X8 src[0:n] then src[n-1] repeated (the stored copy).
TEXT ·escapeShort(SB), NOSPLIT, $0-56
	MOVQ s+0(FP), AX
	MOVQ n+24(FP), CX
	MOVQ dst+8(FP), DX
	MOVQ src+16(FP), SI
	TESTQ CX, CX
	JEQ  zero
	MOVL $0xFF0, R8
	ANDNL R8, SI, R8
	JEQ  end
	VMOVDQU (SI), X0
	LEAQ utf8Short16Tabs<>(SB), R9

loaded:
	LEAQ (R9)(CX*8), R9
	VPSHUFB (R9)(CX*8), X0, X8
	VMOVDQU X8, (DX)
	VPSHUFB 272(R9)(CX*8), X0, X0
	VMOVDQU Set_nib(AX), X6
	VMOVDQU Set_nib+16(AX), X7
	VPSRLW $4, X0, X1
	VPAND short16x0F<>(SB), X1, X1
	VPSHUFB X0, X6, X2
	VPSHUFB X1, X7, X3
	VPAND X3, X2, X2
	VPCMPEQB short16x00<>(SB), X2, X2
	VPMOVMSKB X2, R10
	VPTEST short16x80<>(SB), X0
	JNE  utf8
	// All ASCII: the members are R10's bits below n (the zeros past n
	// are flagged too).
	BZHIL CX, R10, R10
	JNZ  members
	MOVQ CX, in+40(FP)
	MOVQ CX, out+48(FP)
	RET

members:
	MOVQ t+32(FP), R12
	XORQ R8, R8
	LEAQ short16Shift<>(SB), R11

member:
	TZCNTL  R10, R9
	CMPQ    R8, $const_shortEscLim
	JGT     stop
	MOVBQZX (SI)(R9*1), BX
	SHLQ    $4, BX
	MOVQ    (R12)(BX*1), R14
	MOVQ    R14, (DX)(R9*1)
	MOVBQZX 8(R12)(BX*1), BX
	DECQ    BX
	ADDQ    BX, R8
	ADDQ    BX, DX
	VPSHUFB 1(R11)(R9*1), X8, X2
	VMOVDQU X2, 1(DX)(R9*1)
	BLSRL   R10, R10
	JNZ     member
	MOVQ    CX, in+40(FP)
	ADDQ    CX, R8
	MOVQ    R8, out+48(FP)
	RET

stop:
	MOVQ R9, in+40(FP)
	ADDQ R9, R8
	MOVQ R8, out+48(FP)
	RET

end:
	VMOVDQU -16(SI)(CX*1), X0
	LEAQ utf8Short16Tabs<>+544(SB), R9
	JMP  loaded

zero:
	MOVQ $0, in+40(FP)
	MOVQ $0, out+48(FP)
	RET

utf8:
	// A byte >= 0x80: the copy kernel's result, by the Set's mode, as
	// shortUTF8AVX2 and shortLeadsAVX2 compute it.
	SHORT_VALID
	CMPB Set_short(AX), $const_shortStops
	JB   test
	JA   seps
	VMOVDQU Set_stop(AX), X6
	VMOVDQU Set_stop+16(AX), X7
	VPAND short16x0F<>(SB), X0, X2
	VPSHUFB X2, X6, X2
	VPSHUFB X1, X7, X6
	VPAND X6, X2, X2
	VPOR X2, X5, X5

test:
	SHORT_END(exact, at, ESC_SHORT_RES)

seps:
	VPSLLDQ $2, X0, X2
	VPCMPEQB short16xE2<>(SB), X2, X2
	VPCMPEQB short16x80<>(SB), X3, X6
	VPAND X6, X2, X2
	VPAND short16xFE<>(SB), X0, X6
	VPCMPEQB short16xA8<>(SB), X6, X6
	VPAND X6, X2, X2
	VPOR X2, X5, X5
	JMP  test

// short16Shift is 0, 1, ..., 15 followed by sixteen 15s: its 16 bytes at
// k are min(k+i, 15), the PSHUFB that moves a register down by k lanes
// and repeats its last lane.
DATA short16Shift<>+0(SB)/8, $0x0706050403020100
DATA short16Shift<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA short16Shift<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA short16Shift<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL short16Shift<>(SB), RODATA|NOPTR, $32

// SHORT16 defines name<>, 16 read-only bytes: the 8-byte v twice.
#define SHORT16(name, v) \
	DATA name<>+0(SB)/8, v \
	DATA name<>+8(SB)/8, v \
	GLOBL name<>(SB), RODATA|NOPTR, $16

SHORT16(short16x00, $0)
SHORT16(short16x0F, $0x0f0f0f0f0f0f0f0f)
SHORT16(short16x40, $0x4040404040404040)
SHORT16(short16x60, $0x6060606060606060)
SHORT16(short16x70, $0x7070707070707070)
SHORT16(short16x80, $0x8080808080808080)
SHORT16(short16xE2, $0xe2e2e2e2e2e2e2e2)
SHORT16(short16xFE, $0xfefefefefefefefe)
SHORT16(short16xA8, $0xa8a8a8a8a8a8a8a8)

// short16Cut is, at bytes 13, 14, 15, one less than the lowest lead
// whose sequence runs past byte 15 (F0, E0, C0), so that VPSUBUSB leaves
// a nonzero byte for such a lead; 0xFF (never) at the other bytes.
DATA short16Cut<>+0(SB)/8, $-1
DATA short16Cut<>+8(SB)/8, $0xbfdfefffffffffff
GLOBL short16Cut<>(SB), RODATA|NOPTR, $16

// utf8Short16Tabs holds four tables of 17 rows of 16 bytes, row n at 16n
// (row 0 unused), PSHUFB indexes into the loaded register: at 0, for the
// load at src, min(i, n-1) (the stored copy); at 272, i for i < n, else
// 0x80 (a zero: the tested copy); at 544 and 816 the same for the load
// that ends at src+n, where byte i of src is at 16-n+i.
DATA utf8Short16Tabs<>+0(SB)/8, $0x0000000000000000
DATA utf8Short16Tabs<>+8(SB)/8, $0x0000000000000000
DATA utf8Short16Tabs<>+16(SB)/8, $0x0000000000000000
DATA utf8Short16Tabs<>+24(SB)/8, $0x0000000000000000
DATA utf8Short16Tabs<>+32(SB)/8, $0x0101010101010100
DATA utf8Short16Tabs<>+40(SB)/8, $0x0101010101010101
DATA utf8Short16Tabs<>+48(SB)/8, $0x0202020202020100
DATA utf8Short16Tabs<>+56(SB)/8, $0x0202020202020202
DATA utf8Short16Tabs<>+64(SB)/8, $0x0303030303020100
DATA utf8Short16Tabs<>+72(SB)/8, $0x0303030303030303
DATA utf8Short16Tabs<>+80(SB)/8, $0x0404040403020100
DATA utf8Short16Tabs<>+88(SB)/8, $0x0404040404040404
DATA utf8Short16Tabs<>+96(SB)/8, $0x0505050403020100
DATA utf8Short16Tabs<>+104(SB)/8, $0x0505050505050505
DATA utf8Short16Tabs<>+112(SB)/8, $0x0606050403020100
DATA utf8Short16Tabs<>+120(SB)/8, $0x0606060606060606
DATA utf8Short16Tabs<>+128(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+136(SB)/8, $0x0707070707070707
DATA utf8Short16Tabs<>+144(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+152(SB)/8, $0x0808080808080808
DATA utf8Short16Tabs<>+160(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+168(SB)/8, $0x0909090909090908
DATA utf8Short16Tabs<>+176(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+184(SB)/8, $0x0a0a0a0a0a0a0908
DATA utf8Short16Tabs<>+192(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+200(SB)/8, $0x0b0b0b0b0b0a0908
DATA utf8Short16Tabs<>+208(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+216(SB)/8, $0x0c0c0c0c0b0a0908
DATA utf8Short16Tabs<>+224(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+232(SB)/8, $0x0d0d0d0c0b0a0908
DATA utf8Short16Tabs<>+240(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+248(SB)/8, $0x0e0e0d0c0b0a0908
DATA utf8Short16Tabs<>+256(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+264(SB)/8, $0x0f0e0d0c0b0a0908
DATA utf8Short16Tabs<>+272(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+280(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+288(SB)/8, $0x8080808080808000
DATA utf8Short16Tabs<>+296(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+304(SB)/8, $0x8080808080800100
DATA utf8Short16Tabs<>+312(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+320(SB)/8, $0x8080808080020100
DATA utf8Short16Tabs<>+328(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+336(SB)/8, $0x8080808003020100
DATA utf8Short16Tabs<>+344(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+352(SB)/8, $0x8080800403020100
DATA utf8Short16Tabs<>+360(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+368(SB)/8, $0x8080050403020100
DATA utf8Short16Tabs<>+376(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+384(SB)/8, $0x8006050403020100
DATA utf8Short16Tabs<>+392(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+400(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+408(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+416(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+424(SB)/8, $0x8080808080808008
DATA utf8Short16Tabs<>+432(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+440(SB)/8, $0x8080808080800908
DATA utf8Short16Tabs<>+448(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+456(SB)/8, $0x80808080800a0908
DATA utf8Short16Tabs<>+464(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+472(SB)/8, $0x808080800b0a0908
DATA utf8Short16Tabs<>+480(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+488(SB)/8, $0x8080800c0b0a0908
DATA utf8Short16Tabs<>+496(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+504(SB)/8, $0x80800d0c0b0a0908
DATA utf8Short16Tabs<>+512(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+520(SB)/8, $0x800e0d0c0b0a0908
DATA utf8Short16Tabs<>+528(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+536(SB)/8, $0x0f0e0d0c0b0a0908
DATA utf8Short16Tabs<>+544(SB)/8, $0x0000000000000000
DATA utf8Short16Tabs<>+552(SB)/8, $0x0000000000000000
DATA utf8Short16Tabs<>+560(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+568(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+576(SB)/8, $0x0f0f0f0f0f0f0f0e
DATA utf8Short16Tabs<>+584(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+592(SB)/8, $0x0f0f0f0f0f0f0e0d
DATA utf8Short16Tabs<>+600(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+608(SB)/8, $0x0f0f0f0f0f0e0d0c
DATA utf8Short16Tabs<>+616(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+624(SB)/8, $0x0f0f0f0f0e0d0c0b
DATA utf8Short16Tabs<>+632(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+640(SB)/8, $0x0f0f0f0e0d0c0b0a
DATA utf8Short16Tabs<>+648(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+656(SB)/8, $0x0f0f0e0d0c0b0a09
DATA utf8Short16Tabs<>+664(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+672(SB)/8, $0x0f0e0d0c0b0a0908
DATA utf8Short16Tabs<>+680(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+688(SB)/8, $0x0e0d0c0b0a090807
DATA utf8Short16Tabs<>+696(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Short16Tabs<>+704(SB)/8, $0x0d0c0b0a09080706
DATA utf8Short16Tabs<>+712(SB)/8, $0x0f0f0f0f0f0f0f0e
DATA utf8Short16Tabs<>+720(SB)/8, $0x0c0b0a0908070605
DATA utf8Short16Tabs<>+728(SB)/8, $0x0f0f0f0f0f0f0e0d
DATA utf8Short16Tabs<>+736(SB)/8, $0x0b0a090807060504
DATA utf8Short16Tabs<>+744(SB)/8, $0x0f0f0f0f0f0e0d0c
DATA utf8Short16Tabs<>+752(SB)/8, $0x0a09080706050403
DATA utf8Short16Tabs<>+760(SB)/8, $0x0f0f0f0f0e0d0c0b
DATA utf8Short16Tabs<>+768(SB)/8, $0x0908070605040302
DATA utf8Short16Tabs<>+776(SB)/8, $0x0f0f0f0e0d0c0b0a
DATA utf8Short16Tabs<>+784(SB)/8, $0x0807060504030201
DATA utf8Short16Tabs<>+792(SB)/8, $0x0f0f0e0d0c0b0a09
DATA utf8Short16Tabs<>+800(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+808(SB)/8, $0x0f0e0d0c0b0a0908
DATA utf8Short16Tabs<>+816(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+824(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+832(SB)/8, $0x808080808080800f
DATA utf8Short16Tabs<>+840(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+848(SB)/8, $0x8080808080800f0e
DATA utf8Short16Tabs<>+856(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+864(SB)/8, $0x80808080800f0e0d
DATA utf8Short16Tabs<>+872(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+880(SB)/8, $0x808080800f0e0d0c
DATA utf8Short16Tabs<>+888(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+896(SB)/8, $0x8080800f0e0d0c0b
DATA utf8Short16Tabs<>+904(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+912(SB)/8, $0x80800f0e0d0c0b0a
DATA utf8Short16Tabs<>+920(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+928(SB)/8, $0x800f0e0d0c0b0a09
DATA utf8Short16Tabs<>+936(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+944(SB)/8, $0x0f0e0d0c0b0a0908
DATA utf8Short16Tabs<>+952(SB)/8, $0x8080808080808080
DATA utf8Short16Tabs<>+960(SB)/8, $0x0e0d0c0b0a090807
DATA utf8Short16Tabs<>+968(SB)/8, $0x808080808080800f
DATA utf8Short16Tabs<>+976(SB)/8, $0x0d0c0b0a09080706
DATA utf8Short16Tabs<>+984(SB)/8, $0x8080808080800f0e
DATA utf8Short16Tabs<>+992(SB)/8, $0x0c0b0a0908070605
DATA utf8Short16Tabs<>+1000(SB)/8, $0x80808080800f0e0d
DATA utf8Short16Tabs<>+1008(SB)/8, $0x0b0a090807060504
DATA utf8Short16Tabs<>+1016(SB)/8, $0x808080800f0e0d0c
DATA utf8Short16Tabs<>+1024(SB)/8, $0x0a09080706050403
DATA utf8Short16Tabs<>+1032(SB)/8, $0x8080800f0e0d0c0b
DATA utf8Short16Tabs<>+1040(SB)/8, $0x0908070605040302
DATA utf8Short16Tabs<>+1048(SB)/8, $0x80800f0e0d0c0b0a
DATA utf8Short16Tabs<>+1056(SB)/8, $0x0807060504030201
DATA utf8Short16Tabs<>+1064(SB)/8, $0x800f0e0d0c0b0a09
DATA utf8Short16Tabs<>+1072(SB)/8, $0x0706050403020100
DATA utf8Short16Tabs<>+1080(SB)/8, $0x0f0e0d0c0b0a0908
GLOBL utf8Short16Tabs<>(SB), RODATA|NOPTR, $1088
