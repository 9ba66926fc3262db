//go:build amd64 && !purego

#include "textflag.h"

// Sixteen copies each of '.', '*' and '>'.
DATA scanBytes<>+0x00(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA scanBytes<>+0x08(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA scanBytes<>+0x10(SB)/8, $0x2a2a2a2a2a2a2a2a
DATA scanBytes<>+0x18(SB)/8, $0x2a2a2a2a2a2a2a2a
DATA scanBytes<>+0x20(SB)/8, $0x3e3e3e3e3e3e3e3e
DATA scanBytes<>+0x28(SB)/8, $0x3e3e3e3e3e3e3e3e
GLOBL scanBytes<>(SB), RODATA|NOPTR, $48

// func scan16to64(name string) (dots, wild uint64)
//
// It reads 16 bytes at offsets 0, 16, 32, ..., the last one moved back to
// end at n (overlapping the one before: the bitmaps are ORed, so bytes
// seen twice set the same bits), so it never reads outside the name.
TEXT ·scan16to64(SB), NOSPLIT, $0-32
	MOVQ   name_base+0(FP), SI
	MOVQ   name_len+8(FP), BX
	MOVOU  scanBytes<>+0x00(SB), X1
	MOVOU  scanBytes<>+0x10(SB), X2
	MOVOU  scanBytes<>+0x20(SB), X3
	XORQ   R8, R8                   // dots
	XORQ   R9, R9                   // wild
	XORQ   DX, DX                   // offset
	LEAQ   -16(BX), DI              // the last offset
loop:
	CMPQ   DX, DI
	CMOVQGT DI, DX                  // offset = min(offset, n-16)
	MOVOU  (SI)(DX*1), X0
	MOVOU  X0, X4
	PCMPEQB X1, X4
	PMOVMSKB X4, AX                 // bit i: byte offset+i is '.'
	MOVOU  X0, X5
	PCMPEQB X2, X5
	PCMPEQB X3, X0
	POR    X5, X0
	PMOVMSKB X0, R10                // bit i: byte offset+i is '*' or '>'
	MOVQ   DX, CX
	SHLQ   CX, AX
	SHLQ   CX, R10
	ORQ    AX, R8
	ORQ    R10, R9
	ADDQ   $16, DX
	CMPQ   DX, BX
	JLT    loop
	MOVQ   R8, dots+16(FP)
	MOVQ   R9, wild+24(FP)
	RET
