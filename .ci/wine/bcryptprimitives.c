/*
 * A stand-in bcryptprimitives.dll for running the Windows build under Wine
 * in CI. Never shipped: Windows 10 and later have the real one.
 *
 * Go's runtime (1.24 and later) loads ProcessPrng from bcryptprimitives.dll
 * at start-up and stops with "bcryptprimitives.dll not found" without it;
 * Debian 12's Wine 8 does not have that DLL. Later Wine versions implement
 * ProcessPrng the same way as here: fill the buffer from RtlGenRandom
 * (advapi32's SystemFunction036), which Wine does have.
 *
 * Built by .ci/windows-smoke.sh:
 *   x86_64-w64-mingw32-gcc -shared -O2 -s -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buf, ULONG len);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	/* RtlGenRandom takes a ULONG length: feed a larger buffer in pieces. */
	while (len > 0) {
		ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
