import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContentPage, HomeContent, NewsArticle, NewsArticleDetail, Office, Page, PageSlug } from '@candor/contracts';
import { api } from '../../lib/api';
import { API } from '../../lib/wire';
import { contentKeys } from '../../lib/queryKeys';

/** Articles a page of the news list asks for. */
export const NEWS_PAGE_SIZE = 10;
/** Published content changes seldom: kept a minute before a visit asks again (pull to refresh asks at once). */
const CONTENT_STALE_MS = 60_000;

export type { AppInfo } from '../../lib/appInfo';
import type { AppInfo } from '../../lib/appInfo';

/** The UI language: content is asked for in it (the api falls back to zh-TW), and cached per language. */
function useLanguage(): string {
  return useTranslation().i18n.language;
}

/** The news, newest first, page by page (keyset: `nextCursor`). */
export function useNewsList() {
  const lang = useLanguage();
  return useInfiniteQuery({
    queryKey: contentKeys.news(lang),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<NewsArticle>>(API.news, { signal, query: { limit: NEWS_PAGE_SIZE, cursor: pageParam ?? undefined, lang } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: CONTENT_STALE_MS,
  });
}

/** One article with its body and its neighbours; `id` empty asks nothing. */
export function useNewsArticle(id: string) {
  const lang = useLanguage();
  return useQuery({
    queryKey: contentKeys.article(id, lang),
    queryFn: ({ signal }) => api.get<NewsArticleDetail>(`${API.news}/${encodeURIComponent(id)}`, { signal, query: { lang } }),
    enabled: id !== '',
    staleTime: CONTENT_STALE_MS,
  });
}

/** Home's banners, highlights and three newest articles (its products come live from the market feature). */
export function useHomeContent() {
  const lang = useLanguage();
  return useQuery({
    queryKey: contentKeys.home(lang),
    queryFn: ({ signal }) => api.get<HomeContent>(API.home, { signal, query: { lang } }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** A page the operators edit: privacy, rights or about. */
export function useContentPage(slug: PageSlug) {
  const lang = useLanguage();
  return useQuery({
    queryKey: contentKeys.page(slug, lang),
    queryFn: ({ signal }) => api.get<ContentPage>(`${API.pages}/${slug}`, { signal, query: { lang } }),
    staleTime: CONTENT_STALE_MS,
  });
}

/** The company's offices, for the location pages. */
export function useOffices() {
  const lang = useLanguage();
  return useQuery({
    queryKey: contentKeys.offices(lang),
    queryFn: ({ signal }) => api.get<Office[]>(API.offices, { signal, query: { lang } }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useAppInfo() {
  return useQuery({
    queryKey: contentKeys.appInfo,
    queryFn: ({ signal }) => api.get<AppInfo>(API.appInfo, { signal }),
    staleTime: Infinity,
  });
}
