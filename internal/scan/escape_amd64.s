//go:build gc && !purego

#include "go_asm.h"
#include "textflag.h"
#include "funcdata.h"

// Set.Escape at level AVX2 (escapeAVX2). It keeps its own macros and
// constants, so that scan_amd64.s's UTF-8 kernels and this file change
// apart; the classification is scan_amd64.s's (ALLOWED2): a byte x is a
// member exactly when LO[x] & HI[x>>4] == 0, every byte >= 0x80 included.
//
// Registers: SI src, CX n, DI the input position, DX dst moved by delta
// (R8), the output's lead over the input, so that (DX)(DI*1) is always the
// output position of src[DI]; R12 t, R13 lim, Y6..Y9 the tables as
// AVX2_SETUP loads them.

// ESC2_SETUP loads Y6 = LO table, Y7 = HI table (both lanes), Y8 = 0x0f
// bytes and Y9 = zero from the nib table at nib.
#define ESC2_SETUP(nib) \
	VBROADCASTI128 (nib), Y6 \
	VBROADCASTI128 16(nib), Y7 \
	VMOVDQU esc2Nib<>(SB), Y8 \
	VPXOR Y9, Y9, Y9

// ESC2_ALLOWED turns the bytes of x into their allowed bits (zero =
// member), with tmp as scratch.
#define ESC2_ALLOWED(x, tmp) \
	VPSRLW $4, x, tmp \
	VPAND Y8, tmp, tmp \
	VPSHUFB x, Y6, x \
	VPSHUFB tmp, Y7, tmp \
	VPAND tmp, x, x

// ESC2_MEMBERS leaves in r the byte mask (VPMOVMSKB) of the members of the
// vector x; x and tmp are clobbered.
#define ESC2_MEMBERS(x, tmp, r) \
	VPSRLW $4, x, tmp \
	VPAND Y8, tmp, tmp \
	VPSHUFB x, Y6, x \
	VPSHUFB tmp, Y7, tmp \
	VPAND tmp, x, x \
	VPCMPEQB Y9, x, x \
	VPMOVMSKB x, r

// ESC2_MEMBER takes the first member of the mask AX (nonzero) of the
// block at DI, with 32 bytes of src after it: at a byte >= 0x80, or while
// delta > lim, it jumps to stop with R9 the member's index; else it writes
// the member's word of t, moves DX and R8 by its length less one, stores
// the 32 bytes after the member again at their moved position, notes
// the member's index at 224(SP), and clears the member from AX (BLSR: ZF set when none is left). Clobbers
// R9..R11, Y1.
#define ESC2_MEMBER(stop) \
	TZCNTQ  AX, R9 \
	ADDQ    DI, R9 \
	MOVBQZX (SI)(R9*1), R10 \
	CMPQ    R10, $0x80 \
	JAE     stop \
	CMPQ    R8, R13 \
	JGT     stop \
	SHLQ    $4, R10 \
	MOVQ    (R12)(R10*1), R11 \
	MOVQ    R11, (DX)(R9*1) \
	MOVQ    R9, 224(SP) \
	MOVBQZX 8(R12)(R10*1), R10 \
	DECQ    R10 \
	ADDQ    R10, R8 \
	ADDQ    R10, DX \
	VMOVDQU 1(SI)(R9*1), Y1 \
	VMOVDQU Y1, 1(DX)(R9*1) \
	BLSRQ   AX, AX

// func escapeEntry(s *Set, dst, src []byte, t *[128]Escape) (in, out int)
//
// Set.Escape's one call: a jump to the kernel of this CPU's level that
// reuses the argument frame (as copyEntry does): escapeAVX2 at level AVX2,
// escape512 at level AVX-512, escapeGo without a vector level.
TEXT ·escapeEntry(SB), NOSPLIT, $0-80
	MOVBLZX ·level(SB), AX
	CMPL AX, $1
	JNE  eother
	JMP  ·escapeAVX2(SB)

eother:
	CMPL AX, $2
	JNE  ego
	JMP  ·escape512(SB)

ego:
	JMP  ·escapeGo(SB)

// func escape512(s *Set, dst, src []byte, t *[128]Escape) (in, out int)
//
// Set.Escape at level AVX-512: escapeAVX512 in mode 2 over src (nothing
// for an empty src or one that starts with a byte >= 0x80), and for a Set
// with a rune test, where the kernel stopped before n, escapeOn. The
// frame holds the arguments of the two calls.
TEXT ·escape512(SB), NOSPLIT, $96-80
	NO_LOCAL_POINTERS
	MOVQ src_len+40(FP), CX
	MOVQ src_base+32(FP), SI
	XORQ AX, AX
	XORQ BX, BX
	TESTQ CX, CX
	JEQ  e5ret
	CMPB (SI), $0x80
	JAE  e5ret
	MOVQ s+0(FP), AX
	MOVQ AX, 0(SP)
	MOVQ dst_base+8(FP), DX
	MOVQ DX, 8(SP)
	MOVQ SI, 16(SP)
	MOVQ CX, 24(SP)
	MOVQ $2, 32(SP)
	MOVQ t+56(FP), R12
	MOVQ R12, 40(SP)
	MOVQ dst_len+16(FP), R13
	SUBQ CX, R13
	SUBQ $const_EscapeRoom, R13
	MOVQ R13, 48(SP)
	CALL ·escapeAVX512(SB)
	MOVQ 56(SP), AX
	MOVQ 64(SP), BX
	ADDQ AX, BX
	CMPQ AX, src_len+40(FP)
	JEQ  e5ret
	MOVQ s+0(FP), R9
	CMPQ Set_escapes(R9), $0
	JEQ  e5ret
	MOVQ R9, 0(SP)
	MOVQ dst_base+8(FP), R10
	MOVQ R10, 8(SP)
	MOVQ dst_len+16(FP), R10
	MOVQ R10, 16(SP)
	MOVQ dst_cap+24(FP), R10
	MOVQ R10, 24(SP)
	MOVQ src_base+32(FP), R10
	MOVQ R10, 32(SP)
	MOVQ src_len+40(FP), R10
	MOVQ R10, 40(SP)
	MOVQ src_cap+48(FP), R10
	MOVQ R10, 48(SP)
	MOVQ t+56(FP), R10
	MOVQ R10, 56(SP)
	MOVQ AX, 64(SP)
	MOVQ BX, 72(SP)
	CALL ·escapeOn(SB)
	MOVQ 80(SP), AX
	MOVQ 88(SP), BX

e5ret:
	MOVQ AX, in+64(FP)
	MOVQ BX, out+72(FP)
	RET

// func escapeAVX2(s *Set, dst, src []byte, t *[128]Escape) (in, out int)
//
// Set.Escape at level AVX2, whole: n = len(src), lim = len(dst)-n-
// EscapeRoom. src[0], if ASCII, is written through t (which gives a byte
// that is not a member as itself); then each 32-byte block of src is
// stored at its output position before it is tested, so that a block
// without a member costs one compare-and-branch (two blocks per test while
// 96 bytes are left). A block's members are taken from its mask in order
// (TZCNT, BLSR, no rescan): an ASCII member's word of t at its output
// position, then the 32 bytes of src after it again at the position the
// word moved them to. It stops at n, before an ASCII member while delta >
// lim (so nothing at all for lim < 0), or at a byte >= 0x80. There, for a
// UTF-8 Set past src[0], escapeRun takes the rest of src: Copy over the
// non-ASCII text and escapeGo's loop after it, from this frame.
//
// Reads: src[0:n], and for n < 32 up to 31 bytes before src or after
// src+n, but only inside the page that holds src[0] or src[n-1]; those
// bytes are never stored. The 32 bytes after a member are read from src
// while 64 bytes are left (96 in the loop of two blocks); the last 63
// bytes or fewer, if they hold a member, are first copied to a frame
// buffer (src's bytes, then src[n-1] repeated), which the tail's blocks
// and members read from instead; src of up to 16 bytes is one register.
// Writes: dst up to out plus 32 + 7 bytes, every byte a copy of a byte of
// src or of a word of t; the room contract (EscapeRoom; delta <= lim+7
// after any word) keeps it inside dst.
//
// Frame: escapeRun's arguments and results at 0(SP), the tail buffer at
// 96(SP) (R11 points at its byte 32, the copy of src[DI] at the tail's
// start), at 224(SP) the index of the last byte written as a word of t.
TEXT ·escapeAVX2(SB), NOSPLIT, $232-80
	NO_LOCAL_POINTERS
	MOVQ dst_base+8(FP), DX
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), CX
	MOVQ t+56(FP), R12
	MOVQ dst_len+16(FP), R13
	SUBQ CX, R13
	SUBQ $const_EscapeRoom, R13
	XORQ DI, DI
	XORQ R8, R8
	TESTQ CX, CX
	JEQ  e2ret
	TESTQ R13, R13
	JLT  e2ret
	CMPB (SI), $0x80
	JAE  e2ret
	CMPQ CX, $16
	JBE  e2short

	// src[0] is ASCII and lim >= 0: its word of t, then the loops.
	MOVQ s+0(FP), AX
	LEAQ Set_nib(AX), AX
	ESC2_SETUP(AX)
	MOVBQZX (SI)(DI*1), R9
	SHLQ $4, R9
	MOVQ (R12)(R9*1), BX
	MOVQ BX, (DX)(DI*1)
	MOVQ DI, 224(SP)
	MOVBQZX 8(R12)(R9*1), R10
	DECQ R10
	ADDQ R10, R8
	ADDQ R10, DX
	INCQ DI
	LEAQ -96(CX), R14 // the last DI with 96 bytes left

e2loop64:
	// Two whole blocks at DI with 32 more bytes of src after them: one
	// test for both (the minimum of their allowed bits).
	CMPQ DI, R14
	JGT  e2loop
	VMOVDQU (SI)(DI*1), Y0
	VMOVDQU 32(SI)(DI*1), Y1
	VMOVDQU Y0, (DX)(DI*1)
	VMOVDQU Y1, 32(DX)(DI*1)
	ESC2_ALLOWED(Y0, Y2)
	ESC2_ALLOWED(Y1, Y3)
	VPMINUB Y0, Y1, Y2
	VPCMPEQB Y9, Y2, Y2
	VPMOVMSKB Y2, AX
	TESTL AX, AX
	JNZ  e2found64
	ADDQ $64, DI
	JMP  e2loop64

e2found64:
	// The members of the first block (AX), then of the second (BX),
	// whose bytes are stored again after the first's moved them.
	VPCMPEQB Y9, Y0, Y0
	VPMOVMSKB Y0, AX
	VPCMPEQB Y9, Y1, Y1
	VPMOVMSKB Y1, BX
	TESTL AX, AX
	JEQ  e2second

e2first:
	ESC2_MEMBER(e2stop)
	JNZ  e2first
	VMOVDQU 32(SI)(DI*1), Y1
	VMOVDQU Y1, 32(DX)(DI*1)

e2second:
	ADDQ  $32, DI
	MOVL  BX, AX
	TESTL AX, AX
	JNZ   e2members
	ADDQ  $32, DI
	JMP   e2loop64

e2loop:
	// A whole block at DI with 32 more bytes of src after it.
	MOVQ CX, BX
	SUBQ DI, BX
	CMPQ BX, $64
	JB   e2tail
	VMOVDQU (SI)(DI*1), Y0
	VMOVDQU Y0, (DX)(DI*1)
	ESC2_MEMBERS(Y0, Y2, AX)
	TESTL AX, AX
	JNZ  e2members
	ADDQ $32, DI
	JMP  e2loop

e2members:
	// AX: the members of the block at DI (nonzero).
	ESC2_MEMBER(e2stop)
	JNZ  e2members
	ADDQ $32, DI
	JMP  e2loop64

e2stop:
	MOVQ R9, DI
	JMP  e2done

e2tail:
	// BX = n-DI < 64 bytes left. Where n >= 32 and no word was written
	// at n-32 or later, the last 32 bytes of src are stored at their
	// output position (the bytes before DI among them are there
	// already, unmoved since the last word), and the block at DI too for
	// BX > 32: a tail without members ends here.
	TESTQ BX, BX
	JEQ  e2done
	CMPQ CX, $32
	JB   e2buffer
	LEAQ -32(CX), R10
	CMPQ 224(SP), R10
	JGE  e2buffer
	VMOVDQU -32(SI)(CX*1), Y0
	VMOVDQU Y0, -32(DX)(CX*1)
	ESC2_MEMBERS(Y0, Y2, AX)
	CMPQ BX, $32
	JAE  e2tailtwo
	MOVL $32, R10
	SUBL BX, R10
	SHRXL R10, AX, AX
	TESTL AX, AX
	JNZ  e2buffer
	MOVQ CX, DI
	JMP  e2done

e2tailtwo:
	VMOVDQU (SI)(DI*1), Y1
	VMOVDQU Y1, (DX)(DI*1)
	ESC2_MEMBERS(Y1, Y2, R10)
	ORL  R10, AX
	JNZ  e2buffer
	MOVQ CX, DI
	JMP  e2done

e2buffer:
	// The tail has a member. The buffer at R11 gets src[DI:n], then 32
	// copies of src[n-1]; bytes before R11 are never read.
	LEAQ 128(SP), R11
	CMPQ BX, $32
	JBE  e2end
	VMOVDQU (SI)(DI*1), Y0
	VMOVDQU Y0, (R11)

e2end:
	// src[n-32:n] to the buffer's bytes BX-32 up to BX, where it may be
	// read: n >= 32, or the 32 bytes before src+n are in src[n-1]'s page.
	// Otherwise src[0:32], which lies in the pages of src[0] and src[n-1],
	// at the buffer's byte -DI (its bytes past n are overwritten below).
	CMPQ CX, $32
	JAE  e2endload
	LEAQ -1(SI)(CX*1), R10
	ANDL $4095, R10
	CMPL R10, $31
	JAE  e2endload
	VMOVDQU (SI), Y0
	MOVQ R11, R10
	SUBQ DI, R10
	VMOVDQU Y0, (R10)
	JMP  e2fill

e2endload:
	VMOVDQU -32(SI)(CX*1), Y0
	VMOVDQU Y0, -32(R11)(BX*1)

e2fill:
	VPBROADCASTB -1(SI)(CX*1), Y0
	VMOVDQU Y0, (R11)(BX*1)

e2tblock:
	// The block of the buffer at R11, src[DI:] with n-DI of its lanes
	// src's; R11 moves with DI.
	VMOVDQU (R11), Y0
	VMOVDQU Y0, (DX)(DI*1)
	ESC2_MEMBERS(Y0, Y2, AX)
	MOVQ  CX, R10
	SUBQ  DI, R10
	BZHIQ R10, AX, AX
	TESTQ AX, AX
	JNZ   e2tmembers

e2tnext:
	ADDQ $32, DI
	ADDQ $32, R11
	CMPQ DI, CX
	JB   e2tblock
	MOVQ CX, DI
	JMP  e2done

e2tmembers:
	// AX: the members of the buffer's block at R11 (nonzero), R9 a lane.
	TZCNTQ  AX, R9
	MOVBQZX (R11)(R9*1), R10
	CMPQ    R10, $0x80
	JAE     e2tstop
	CMPQ    R8, R13
	JGT     e2tstop
	SHLQ    $4, R10
	MOVQ    (R12)(R10*1), R14
	MOVBQZX 8(R12)(R10*1), BX
	LEAQ    (DX)(DI*1), R10
	MOVQ    R14, (R10)(R9*1)
	DECQ    BX
	ADDQ    BX, R8
	ADDQ    BX, DX
	ADDQ    BX, R10
	VMOVDQU 1(R11)(R9*1), Y1
	VMOVDQU Y1, 1(R10)(R9*1)
	BLSRQ   AX, AX
	JNZ     e2tmembers
	JMP     e2tnext

e2tstop:
	ADDQ R9, DI

e2done:
	// A stop at DI: the end, an ASCII member past lim, or a byte >= 0x80,
	// which Copy takes for a UTF-8 Set.
	VZEROUPPER
	CMPQ DI, CX
	JAE  e2ret
	CMPB (SI)(DI*1), $0x80
	JB   e2ret
	MOVQ s+0(FP), AX
	CMPB Set_utf8(AX), $0
	JEQ  e2ret
	MOVQ AX, 0(SP)
	MOVQ dst_base+8(FP), BX
	MOVQ BX, 8(SP)
	MOVQ dst_len+16(FP), BX
	MOVQ BX, 16(SP)
	MOVQ dst_cap+24(FP), BX
	MOVQ BX, 24(SP)
	MOVQ SI, 32(SP)
	MOVQ CX, 40(SP)
	MOVQ src_cap+48(FP), BX
	MOVQ BX, 48(SP)
	MOVQ R12, 56(SP)
	MOVQ DI, 64(SP)
	ADDQ DI, R8
	MOVQ R8, 72(SP)
	CALL ·escapeRun(SB)
	MOVQ 80(SP), AX
	MOVQ AX, in+64(FP)
	MOVQ 88(SP), AX
	MOVQ AX, out+72(FP)
	RET

e2ret:
	MOVQ DI, in+64(FP)
	ADDQ DI, R8
	MOVQ R8, out+72(FP)
	RET

e2short:
	// n <= 16: src in X0, loaded inside the pages of src[0] and src[n-1]
	// (from src, or ending at src+n and moved down by PSHUFB), with its
	// lanes past n copies of src[n-1]. Its members, src[0] among them,
	// are taken in order: the word of t, then X0 moved down past the
	// member (PSHUFB by esc2Shift) at its output position.
	MOVQ s+0(FP), AX
	VMOVDQU Set_nib(AX), X6
	VMOVDQU Set_nib+16(AX), X7
	VMOVDQU esc2Nib<>(SB), X8
	VPXOR X9, X9, X9
	LEAQ esc2Shift<>(SB), R11
	MOVL SI, R10
	ANDL $4095, R10
	CMPL R10, $4080
	JA   e2shortend
	VMOVDQU (SI), X0
	LEAL -1(CX), R10
	VMOVD R10, X1
	VPBROADCASTB X1, X1
	VPMINUB (R11), X1, X1
	VPSHUFB X1, X0, X0
	JMP  e2shortgo

e2shortend:
	VMOVDQU -16(SI)(CX*1), X0
	MOVQ $16, R10
	SUBQ CX, R10
	VPSHUFB (R11)(R10*1), X0, X0

e2shortgo:
	VPSRLW $4, X0, X2
	VPAND X8, X2, X2
	VPSHUFB X0, X6, X1
	VPSHUFB X2, X7, X2
	VPAND X2, X1, X1
	VPCMPEQB X9, X1, X1
	VPMOVMSKB X1, AX
	BZHIL CX, AX, AX
	ORL  $1, AX

e2shortmember:
	TZCNTL  AX, R9
	MOVBQZX (SI)(R9*1), R10
	CMPQ    R10, $0x80
	JAE     e2shortstop
	CMPQ    R8, R13
	JGT     e2shortstop
	SHLQ    $4, R10
	MOVQ    (R12)(R10*1), BX
	MOVQ    BX, (DX)(R9*1)
	MOVBQZX 8(R12)(R10*1), R10
	DECQ    R10
	ADDQ    R10, R8
	ADDQ    R10, DX
	VPSHUFB 1(R11)(R9*1), X0, X1
	VMOVDQU X1, 1(DX)(R9*1)
	BLSRL   AX, AX
	JNZ     e2shortmember
	MOVQ    CX, DI
	JMP     e2ret

e2shortstop:
	MOVQ R9, DI
	JMP  e2done

// esc2Shift is 0, 1, ..., 15 followed by sixteen 15s: its 16 bytes at k
// are min(k+i, 15), the PSHUFB that moves a vector down by k lanes and
// repeats its last lane.
DATA esc2Shift<>+0(SB)/8, $0x0706050403020100
DATA esc2Shift<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA esc2Shift<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA esc2Shift<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL esc2Shift<>(SB), RODATA|NOPTR, $32

// esc2Nib is the 0x0f of every byte, the low-nibble mask (Y8).
DATA esc2Nib<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA esc2Nib<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA esc2Nib<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA esc2Nib<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL esc2Nib<>(SB), RODATA|NOPTR, $32

// LONG_MEMBER takes the member at R9 (= j) of the block whose last 32
// bytes start at R14 (w), with every byte of the block stored at its
// output position under the current delta: at a byte >= 0x80 it jumps
// to hand, while delta > longEscLim to stop; else it writes the member's
// word of t at (DX)(j), notes j in R11, moves DX and R8 by its length
// less one, and stores the bytes of src from j+1 to the block's end
// (w+32) again at their moved position: src[j+1:j+33] and src[w:w+32]
// for j < w, else src[w:w+32] blended over dst in the lanes after j
// (below them the word and the bytes before it stand). Clobbers BX,
// R10, Y1..Y4. blend and next are the labels it defines.
#define LONG_MEMBER(hand, stop, blend, next) \
	LONG_TEST(hand, stop) \
	LONG_WORD(blend, next)

// LONG_TEST is LONG_MEMBER's tests, which leave the member in R10.
#define LONG_TEST(hand, stop) \
	MOVBQZX (SI)(R9*1), R10 \
	CMPQ    R10, $0x80 \
	JAE     hand \
	CMPQ    R8, $const_longEscLim \
	JGT     stop

// LONG_WORD is the rest of LONG_MEMBER, from R10.
#define LONG_WORD(blend, next) \
	SHLQ    $4, R10 \
	MOVQ    (R12)(R10*1), BX \
	MOVQ    BX, (DX)(R9*1) \
	MOVQ    R9, R11 \
	MOVBQZX 8(R12)(R10*1), R10 \
	DECQ    R10 \
	ADDQ    R10, R8 \
	ADDQ    R10, DX \
	CMPQ    R9, R14 \
	JAE     blend \
	VMOVDQU 1(SI)(R9*1), Y1 \
	VMOVDQU Y1, 1(DX)(R9*1) \
	VMOVDQU (SI)(R14*1), Y1 \
	VMOVDQU Y1, (DX)(R14*1) \
	JMP     next \
blend: \
	MOVQ    R9, R10 \
	SUBQ    R14, R10 \
	LONG_BLEND \
next:

// LONG_BLEND stores src[w:w+32] (w = R14) at (DX)(w) in the lanes above
// R10 (0..31), and keeps dst's bytes in the others. Clobbers Y1..Y4.
#define LONG_BLEND \
	VMOVD   R10, X2 \
	VPBROADCASTB X2, Y2 \
	VMOVDQU esc2Lane<>(SB), Y3 \
	VPCMPGTB Y2, Y3, Y3 \
	VMOVDQU (SI)(R14*1), Y1 \
	VMOVDQU (DX)(R14*1), Y4 \
	VPBLENDVB Y3, Y1, Y4, Y4 \
	VMOVDQU Y4, (DX)(R14*1)

// func copyEscapeLong(x *EscapeSet, dst, src *byte, n int) (in, delta int)
//
// CopyEscapeLong at level AVX2, for n > ShortEscape: Copy of x.Set and
// the ASCII escapes of x.Tab in one call. For n < 32, copyAVX2core, the
// kernel Copy takes at level AVX2 (this frame is its frame, with delta
// 0). Else copyAVX2core's loop (two 32-byte
// blocks stored, then tested at once) and tail (the last 32 bytes and,
// for more than 32 left, the block at DI), where a block's members are
// taken from its mask in order (TZCNT, BLSR): LONG_MEMBER writes an ASCII
// member's word and the rest of its block again after it. At a byte >=
// 0x80 the UTF-8 loop of copyAVX2core (utf8LoopAVX2, through
// utf8LoopEnter) goes on in this frame, with dst moved by delta (in the
// frame too, for refineTail), the nib table in the first slot and mode 1
// in the result slot, in (UTF8_STOP2), and delta stored before: where no
// word was written (a word of one byte leaves delta 0), or the last word is before the last 64 bytes (which
// the UTF-8 loop's last block stores again) and delta <= 32 (the refinement's
// Copy may store 16 bytes past n). Otherwise, and before an ASCII member
// while delta > longEscLim, it returns that member's index.
//
// Registers: R13 the Set, R12 t, SI src, CX n, DI the block, DX dst moved
// by delta (R8), R11 the index of the last word (-1 for none), R14 the
// loop's last block, or a block's window (LONG_MEMBER), R9 a member.
// Reads src[0:n] only (n >= 32). Writes dst up to n+delta plus 7 (a
// word), every byte a byte of src or of a word of t; delta <= longEscLim
// + 7 keeps it inside n+Slack.
TEXT ·copyEscapeLong(SB), NOSPLIT, $0-48
	MOVQ x+0(FP), AX
	MOVQ EscapeSet_Set(AX), R13
	MOVQ n+24(FP), CX
	CMPQ CX, $32
	JB   lshort
	MOVQ EscapeSet_Tab(AX), R12
	MOVQ dst+8(FP), DX
	MOVQ src+16(FP), SI
	LEAQ Set_nib(R13), AX
	ESC2_SETUP(AX)
	XORQ DI, DI
	XORQ R8, R8
	MOVQ $-1, R11
	CMPQ CX, $64
	JB   ltail
	LEAQ -64(CX), R14

lloop:
	VMOVDQU (SI)(DI*1), Y0
	VMOVDQU 32(SI)(DI*1), Y1
	VMOVDQU Y0, (DX)(DI*1)
	VMOVDQU Y1, 32(DX)(DI*1)
	ESC2_ALLOWED(Y0, Y2)
	ESC2_ALLOWED(Y1, Y3)
	VPMINUB Y0, Y1, Y2
	VPCMPEQB Y9, Y2, Y2
	VPMOVMSKB Y2, AX
	TESTL AX, AX
	JNZ  lfound64

lnext64:
	ADDQ $64, DI
	CMPQ DI, R14
	JBE  lloop
	JMP  ltail

lfound64:
	// The members of the 64 bytes at DI, in one mask; the window of
	// LONG_WORD is the second block.
	VPCMPEQB Y9, Y0, Y0
	VPMOVMSKB Y0, AX
	VPCMPEQB Y9, Y1, Y1
	VPMOVMSKB Y1, BX
	SHLQ $32, BX
	ORQ  BX, AX

lmem64:
	TZCNTQ AX, R9
	ADDQ DI, R9
	LONG_TEST(lhand, lstop)
	LEAQ 32(DI), R14
	LONG_WORD(lblend64, lnextmem64)
	BLSRQ AX, AX
	JNZ  lmem64
	LEAQ -64(CX), R14
	JMP  lnext64

ltail:
	// 0 <= n-DI < 64, n >= 32. The last 32 bytes (the window) at their
	// output position, blended after the last word where it is among
	// them; then the block at DI for more than 32 left. With no member
	// in them the string ends; else their members from DI on, in one
	// mask.
	CMPQ DI, CX
	JEQ  ldone
	LEAQ -32(CX), R14
	CMPQ R11, R14
	JGE  ltailblend
	VMOVDQU (SI)(R14*1), Y0
	VMOVDQU Y0, (DX)(R14*1)

ltailstored:
	MOVQ CX, BX
	SUBQ DI, BX
	CMPQ BX, $32
	JBE  ltailone
	VMOVDQU (SI)(DI*1), Y1
	VMOVDQU Y1, (DX)(DI*1)
	ESC2_ALLOWED(Y0, Y2)
	ESC2_ALLOWED(Y1, Y3)
	VPMINUB Y0, Y1, Y2
	VPCMPEQB Y9, Y2, Y2
	VPMOVMSKB Y2, AX
	TESTL AX, AX
	JZ   ldone
	VPCMPEQB Y9, Y0, Y0
	VPMOVMSKB Y0, AX
	VPCMPEQB Y9, Y1, Y1
	VPMOVMSKB Y1, R10
	SUBQ $32, BX
	SHLXQ BX, AX, AX
	ORQ  R10, AX
	JMP  ltmem

ltailblend:
	MOVQ R11, R10
	SUBQ R14, R10
	LONG_BLEND
	VMOVDQU (SI)(R14*1), Y0
	JMP  ltailstored

ltailone:
	// The window's members from DI on (its lanes from 32-(n-DI)).
	ESC2_MEMBERS(Y0, Y2, AX)
	TESTL AX, AX
	JZ   ldone
	MOVL $32, R10
	SUBL BX, R10
	SHRXQ R10, AX, AX
	TESTQ AX, AX
	JZ   ldone

ltmem:
	TZCNTQ AX, R9
	ADDQ DI, R9
	LONG_MEMBER(lhand, lstop, lblendt, lnextt)
	BLSRQ AX, AX
	JNZ  ltmem

ldone:
	MOVQ CX, in+32(FP)
	MOVQ R8, delta+40(FP)
	VZEROUPPER
	RET

lstop:
	MOVQ R9, in+32(FP)
	MOVQ R8, delta+40(FP)
	VZEROUPPER
	RET

lhand:
	// A byte >= 0x80 at R9: the UTF-8 loop from there, if it may.
	TESTQ R11, R11
	JLT  lhandgo
	CMPQ R8, $32
	JGT  lstop
	LEAQ -64(CX), R10
	CMPQ R11, R10
	JGE  lstop
	MOVQ DX, dst+8(FP)

lhandgo:
	MOVQ R8, delta+40(FP)
	LEAQ Set_nib(R13), R10
	MOVQ R10, x+0(FP)
	MOVQ $1, in+32(FP)
	MOVQ R9, DI
	LEAQ Set_stop(R13), R9
	JMP  ·utf8LoopEnter(SB)

lshort:
	// copyAVX2core (through copyCoreEnter) with its arguments: the nib
	// table first, R13 the Set, mode 1 in the result slot where the Set
	// has a rune test (as copyEntry gives them at level AVX2), delta 0.
	MOVQ $0, delta+40(FP)
	CMPQ Set_escapes(R13), $0
	JEQ  lshortgo
	MOVQ $1, in+32(FP)

lshortgo:
	LEAQ Set_nib(R13), AX
	MOVQ AX, x+0(FP)
	JMP  ·copyCoreEnter(SB)

// esc2Lane is 0, 1, ..., 31: the lane indexes LONG_BLEND compares.
DATA esc2Lane<>+0(SB)/8, $0x0706050403020100
DATA esc2Lane<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA esc2Lane<>+16(SB)/8, $0x1716151413121110
DATA esc2Lane<>+24(SB)/8, $0x1f1e1d1c1b1a1918
GLOBL esc2Lane<>(SB), RODATA|NOPTR, $32
