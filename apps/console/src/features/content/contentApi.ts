import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type AdminBanner,
  type AdminHighlight,
  type AdminNews,
  type AdminOffice,
  type AdminPage,
  type ContentImage,
  type OfficeBody,
  type PageSlug,
} from '@candor/contracts';
import { request } from '../../lib/api/client';

/** The operators' content api (issue 47): news, banners, highlights, pages, offices and their images. */
export type NewsTexts = { title: string; summary: string; body: string };
export type HighlightTexts = { title: string; summary: string };
export type PageTexts = { title: string; body: string };
export type OfficeTexts = { name: string; address: string; hours: string };
export type { AdminBanner, AdminHighlight, AdminOffice, AdminPage };

/** The two ordered lists: same routes, same order endpoint. */
export type OrderedKind = 'banners' | 'highlights';
export type OrderedItem<K extends OrderedKind> = K extends 'banners' ? AdminBanner : AdminHighlight;
const ORDERED_PATH: Record<OrderedKind, string> = { banners: API.adminBanners, highlights: API.adminHighlights };

export const contentKeys = {
  all: ['admin-content'] as const,
  news: ['admin-content', 'news'] as const,
  article: (id: string) => ['admin-content', 'news', id] as const,
  ordered: (kind: OrderedKind) => ['admin-content', kind] as const,
  pages: ['admin-content', 'pages'] as const,
  offices: ['admin-content', 'offices'] as const,
};

const itemPath = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;
/** A list answered as an array or as a page `{ items }`. */
const itemsOf = <T>(answer: T[] | { items: T[] }): T[] => (Array.isArray(answer) ? answer : answer.items);

export function useAdminNews() {
  return useQuery({
    queryKey: contentKeys.news,
    queryFn: async ({ signal }) => itemsOf(await request<AdminNews[] | { items: AdminNews[] }>(API.adminNews, { signal, query: { limit: 100 } })),
    staleTime: 0,
  });
}
export function useAdminArticle(id: string | null) {
  return useQuery({
    queryKey: contentKeys.article(id ?? 'new'),
    queryFn: ({ signal }) => request<AdminNews>(itemPath(API.adminNews, id!), { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface NewsSave {
  translations: Partial<Record<string, NewsTexts>>;
  coverUploadId?: string | null;
  publishAt: string | null;
}
export function useSaveArticle(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsSave) =>
      id ? request<AdminNews>(itemPath(API.adminNews, id), { method: 'PATCH', body }) : request<AdminNews>(API.adminNews, { method: 'POST', body }),
    onSuccess: (saved) => {
      qc.setQueryData(contentKeys.article(saved.id), saved);
      void qc.invalidateQueries({ queryKey: contentKeys.news, exact: true });
    },
  });
}

export function useDeleteItem(base: 'news' | OrderedKind | 'offices') {
  const qc = useQueryClient();
  const path = base === 'news' ? API.adminNews : base === 'offices' ? API.adminOffices : ORDERED_PATH[base];
  return useMutation({
    mutationFn: (id: string) => request<void>(itemPath(path, id), { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin-content', base] }),
  });
}

export function useOrdered<K extends OrderedKind>(kind: K) {
  return useQuery({
    queryKey: contentKeys.ordered(kind),
    queryFn: async ({ signal }) => itemsOf(await request<OrderedItem<K>[] | { items: OrderedItem<K>[] }>(ORDERED_PATH[kind], { signal })),
    staleTime: 0,
  });
}
export function useSaveOrdered(kind: OrderedKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id ? request<unknown>(itemPath(ORDERED_PATH[kind], id), { method: 'PATCH', body }) : request<unknown>(ORDERED_PATH[kind], { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: contentKeys.ordered(kind) }),
  });
}
export function useReorder(kind: OrderedKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => request<unknown>(`${ORDERED_PATH[kind]}/order`, { method: 'PUT', body: { ids } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: contentKeys.ordered(kind) }),
  });
}

export function useAdminPages() {
  return useQuery({
    queryKey: contentKeys.pages,
    queryFn: async ({ signal }) => itemsOf(await request<AdminPage[] | { items: AdminPage[] }>(API.adminPages, { signal })),
    staleTime: 0,
  });
}
export function useSavePage(slug: PageSlug) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (translations: Partial<Record<string, PageTexts>>) =>
      request<AdminPage>(itemPath(API.adminPages, slug), { method: 'PUT', body: { translations } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: contentKeys.pages }),
  });
}

export function useAdminOffices() {
  return useQuery({
    queryKey: contentKeys.offices,
    queryFn: async ({ signal }) => itemsOf(await request<AdminOffice[] | { items: AdminOffice[] }>(API.adminOffices, { signal })),
    staleTime: 0,
  });
}
export function useSaveOffice(id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OfficeBody) =>
      id ? request<AdminOffice>(itemPath(API.adminOffices, id), { method: 'PATCH', body }) : request<AdminOffice>(API.adminOffices, { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: contentKeys.offices }),
  });
}

/** POST /api/admin/content-images (multipart `image`): the upload's id (sent in a body) and its public url. */
export function uploadContentImage(file: File): Promise<ContentImage> {
  const form = new FormData();
  form.append('image', file, file.name);
  return request<ContentImage>(API.adminContentImages, { method: 'POST', body: form });
}
