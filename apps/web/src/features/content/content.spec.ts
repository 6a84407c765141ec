import { describe, expect, it } from '@jest/globals';
import { carouselReducer, initialCarousel, type CarouselState } from './carousel';
import { contentLinkTo, geoUri, osmEmbedUrl, webMapUrl } from './links';
import { MEDIA_WIDTHS as CONTRACT_WIDTHS } from '@candor/contracts';
import { MEDIA_WIDTHS, isMediaUrl, mediaSrc, mediaSrcSet } from './media';

describe('carouselReducer', () => {
  const three = initialCarousel(3);

  it('turns by itself, wrapping after the last slide', () => {
    let s: CarouselState = three;
    s = carouselReducer(s, { type: 'tick' });
    s = carouselReducer(s, { type: 'tick' });
    expect(s.index).toBe(2);
    expect(carouselReducer(s, { type: 'tick' }).index).toBe(0);
  });

  it('stops turning for good once touched, swiped or a slide is chosen', () => {
    for (const action of [{ type: 'touch' }, { type: 'swipe', dx: -100, width: 375 }, { type: 'go', index: 1 }] as const) {
      const s = carouselReducer(three, action);
      expect(s.auto).toBe(false);
      expect(carouselReducer(s, { type: 'tick' }).index).toBe(s.index);
    }
  });

  it('goes forward on a swipe to the left and back on one to the right; a small move stays', () => {
    expect(carouselReducer(three, { type: 'swipe', dx: -80, width: 375 }).index).toBe(1);
    expect(carouselReducer(three, { type: 'swipe', dx: 80, width: 375 }).index).toBe(2);
    expect(carouselReducer(three, { type: 'swipe', dx: -20, width: 375 }).index).toBe(0);
  });

  it('does not turn one banner, and keeps the index inside a shorter list', () => {
    expect(initialCarousel(1).auto).toBe(false);
    expect(carouselReducer(initialCarousel(1), { type: 'tick' }).index).toBe(0);
    const last = carouselReducer(three, { type: 'go', index: 2 });
    expect(carouselReducer(last, { type: 'count', count: 2 }).index).toBe(1);
    expect(carouselReducer(three, { type: 'count', count: 0 })).toEqual({ index: 0, count: 0, auto: false });
  });
});

describe('links', () => {
  it('opens a detail on the home detail page and a route as it is, never another site', () => {
    expect(contentLinkTo({ kind: 'detail', id: 'a b' })).toBe('/pages/index/detail?id=a%20b');
    expect(contentLinkTo({ kind: 'route', path: '/pages/money/money' })).toBe('/pages/money/money');
    expect(contentLinkTo({ kind: 'route', path: '//evil.example/x' })).toBe('/pages/index/index');
  });

  it('makes the map links of an office', () => {
    const office = { latitude: 25.033964, longitude: 121.564468, address: '台北市信義區 1 號' };
    expect(geoUri(office)).toBe(`geo:25.033964,121.564468?q=${encodeURIComponent('台北市信義區 1 號')}`);
    expect(webMapUrl(office)).toBe('https://www.openstreetmap.org/?mlat=25.033964&mlon=121.564468#map=17/25.033964/121.564468');
    expect(osmEmbedUrl(office)).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=121\.560468,25\.031964,121\.568468,25\.035964&layer=mapnik&marker=25\.033964,121\.564468$/,
    );
  });
});

describe('media', () => {
  it('asks for the widths the server makes (its list copied here, away from the zod module)', () => {
    expect([...MEDIA_WIDTHS]).toEqual([...CONTRACT_WIDTHS]);
  });

  it('asks our images at a made width, with a srcset, and leaves other addresses alone', () => {
    expect(mediaSrc('/api/media/ab12.jpg', 300)).toBe('/api/media/ab12.jpg?w=360');
    expect(mediaSrc('/api/media/ab12.jpg', 700)).toBe('/api/media/ab12.jpg?w=720');
    expect(mediaSrc('/api/media/ab12.jpg', 4000)).toBe('/api/media/ab12.jpg?w=1080');
    expect(mediaSrcSet('/api/media/ab12.jpg')).toBe('/api/media/ab12.jpg?w=360 360w, /api/media/ab12.jpg?w=720 720w, /api/media/ab12.jpg?w=1080 1080w');
    expect(isMediaUrl('https://elsewhere.example/a.jpg')).toBe(false);
    expect(mediaSrc('https://elsewhere.example/a.jpg', 360)).toBe('https://elsewhere.example/a.jpg');
    expect(mediaSrcSet('/api/media/ab12.jpg?w=360')).toBeUndefined();
  });
});
