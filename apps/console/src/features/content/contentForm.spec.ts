import { describe, expect, it } from '@jest/globals';
import { parseDocument } from 'htmlparser2';
import type { HtmlSourceNode } from '@candor/contracts/content-html';
import { cleanContentHtml } from './contentHtml';
import {
  fromLocalInput,
  initialTranslations,
  isMissing,
  modeOf,
  moved,
  publishAtFor,
  toLocalInput,
  translationsReducer,
  translationsToSave,
  type FieldSpec,
  type TranslationsAction,
  type TranslationsState,
} from './contentForm';

type Page = { title: string; body: string };
// What the console does with DOMParser, with htmlparser2 (no DOM here).
const clean = (html: string) => cleanContentHtml(html, { parse: (h) => parseDocument(h) as unknown as HtmlSourceNode, origin: 'https://app.example' });
const spec: FieldSpec<Page> = { fields: ['title', 'body'], required: ['title'], html: ['body'] };
const run = (...actions: TranslationsAction<Page>[]): TranslationsState<Page> => actions.reduce(translationsReducer<Page>, initialTranslations<Page>());

describe('the translations reducer', () => {
  it('starts in zh-TW, unchanged', () => {
    expect(run()).toEqual({ locale: 'zh-TW', translations: {}, dirty: false });
  });
  it('edits one field of one language and marks the form changed', () => {
    const s = run({ type: 'edit', locale: 'en', field: 'title', value: 'About' }, { type: 'switch', locale: 'en' });
    expect(s.translations).toEqual({ en: { title: 'About' } });
    expect(s.locale).toBe('en');
    expect(s.dirty).toBe(true);
  });
  it('keeps the same state for an edit that changes nothing', () => {
    const s = run({ type: 'load', translations: { 'zh-TW': { title: 'A', body: '' } } });
    expect(translationsReducer(s, { type: 'edit', locale: 'zh-TW', field: 'title', value: 'A' })).toBe(s);
  });
  it('is unchanged again after loading or saving', () => {
    expect(run({ type: 'edit', locale: 'en', field: 'title', value: 'x' }, { type: 'saved' }).dirty).toBe(false);
    expect(run({ type: 'edit', locale: 'en', field: 'title', value: 'x' }, { type: 'load', translations: {} }).dirty).toBe(false);
  });
});

describe('missing languages and what is saved', () => {
  it('calls a language missing when every field is empty, an editor holding a bare line break included', () => {
    expect(isMissing(spec, undefined)).toBe(true);
    expect(isMissing(spec, { title: ' ', body: '<p><br></p>' })).toBe(true);
    expect(isMissing(spec, { title: '', body: '<p>x</p>' })).toBe(false);
  });
  it('requires zh-TW', () => {
    expect(translationsToSave(spec, { en: { title: 'About', body: '' } })).toEqual({ ok: false, locale: 'zh-TW', field: 'title' });
  });
  it('requires the required fields of a language that has any text', () => {
    expect(translationsToSave(spec, { 'zh-TW': { title: '關於', body: '' }, ja: { title: '', body: '<p>本文</p>' } })).toEqual({
      ok: false,
      locale: 'ja',
      field: 'title',
    });
  });
  it('leaves out empty languages, trims, and cleans HTML to the allow-list', () => {
    const r = translationsToSave(
      spec,
      {
        'zh-TW': { title: ' 關於 ', body: '<p onclick="x()">我們</p><script>1</script>' },
        en: { title: '', body: '<p><br></p>' },
      },
      clean,
    );
    expect(r).toEqual({ ok: true, translations: { 'zh-TW': { title: '關於', body: '<p>我們</p>' } } });
  });
});

describe('publish time', () => {
  it('round-trips a datetime-local value through ISO UTC in the local time zone', () => {
    const iso = fromLocalInput('2030-05-06T07:08');
    expect(iso).toBe(new Date(2030, 4, 6, 7, 8).toISOString());
    expect(toLocalInput(iso)).toBe('2030-05-06T07:08');
  });
  it('answers nothing for what is not a time', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
  const now = new Date('2030-01-01T00:00:00Z');
  it('sends no time for a draft and now for publishing', () => {
    expect(publishAtFor('draft', '', null, now)).toEqual({ ok: true, publishAt: null });
    expect(publishAtFor('now', '', null, now)).toEqual({ ok: true, publishAt: now.toISOString() });
  });
  it('keeps the time of an article already published', () => {
    const current = { status: 'published', publishAt: '2029-01-01T00:00:00.000Z' };
    expect(publishAtFor('now', '', current, now)).toEqual({ ok: true, publishAt: current.publishAt });
  });
  it('asks a schedule for a future time', () => {
    expect(publishAtFor('schedule', '', null, now)).toEqual({ ok: false, error: 'scheduleMissing' });
    expect(publishAtFor('schedule', toLocalInput('2029-12-31T00:00:00Z'), null, now)).toEqual({ ok: false, error: 'schedulePast' });
    const later = toLocalInput('2030-02-01T10:30:00Z');
    expect(publishAtFor('schedule', later, null, now)).toEqual({ ok: true, publishAt: '2030-02-01T10:30:00.000Z' });
  });
  it('reads the mode from the status', () => {
    expect(modeOf(null)).toBe('draft');
    expect(modeOf({ status: 'scheduled' })).toBe('schedule');
    expect(modeOf({ status: 'published' })).toBe('now');
  });
});

describe('reordering', () => {
  it('moves one place up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
