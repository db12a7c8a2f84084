/* qsort that keeps no order of equal elements: a stable insertion sort
 * of the array reversed, so ties come out in the reverse of glibc's order */
#include <stdlib.h>
#include <string.h>
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	char *a = base, *t = malloc(size ? size : 1);
	size_t i, j;

	for (i = 0; i < n / 2; i++) {
		memcpy(t, a + i * size, size);
		memcpy(a + i * size, a + (n - 1 - i) * size, size);
		memcpy(a + (n - 1 - i) * size, t, size);
	}
	for (i = 1; i < n; i++) {
		memcpy(t, a + i * size, size);
		for (j = i; j > 0 && cmp(a + (j - 1) * size, t) > 0; j--)
			memcpy(a + j * size, a + (j - 1) * size, size);
		memcpy(a + j * size, t, size);
	}
	free(t);
}
