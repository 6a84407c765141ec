import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@candor/contracts';

/** The items of every page of a keyset-paged list, each id once (the first seen is kept). */
export function flattenPages<T extends { id: string }>(data: InfiniteData<Page<T>> | undefined): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of data?.pages ?? [])
    for (const item of page.items)
      if (!seen.has(item.id)) {
        seen.add(item.id);
        out.push(item);
      }
  return out;
}
