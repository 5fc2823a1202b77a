/**
 * The shared link, written out in full: config, B overrides, hidden controls, and run=1 only when asked;
 * the page's search string (debug flags) never travels. The expected links are literal text, and the
 * decoder is checked to read the same experiment back.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from './trainConfig';
import { decodeHash } from './urlCodec';
import { LESSONS } from './lessons';
import { buildLessonShareLink, buildShareLink, EMBED_FRAME_PX, embedSnippet } from './shareLink';

const config: TrainConfig = {
  ...DEFAULT_CONFIG,
  seed: 7,
  imageSizePx: 16,
  batchSize: 2,
  imageDtype: 'float32',
  normalizeOn: 'loader',
  learningRate: 0.0123,
};

describe('buildShareLink', () => {
  it('round-trips the view, config, overrides and hidden controls', () => {
    const link = buildShareLink(
      {
        view: 'loaders',
        lang: null,
        config,
        compareOverrides: { imageDtype: 'uint8', normalizeOn: 'model' },
        hiddenControls: ['lr', 'opt'],
      },
      'https://example.org/batchlab/',
      false,
    );
    expect(link).toBe(
      `https://example.org/batchlab/#${[
        'v=1',
        'view=loaders',
        's=7',
        'px=16',
        'ch=3',
        'k=4',
        'b=2',
        'mb=1',
        'rc=off',
        'd=2',
        'w=8',
        'opt=adam',
        'lr=0.0123',
        'dt=float32',
        'norm=loader',
        'up=packed',
        'mk=uint8',
        'mean=110.1,106,105.2',
        'std=36.6,29.9,31.5',
        'wk=0',
        'pf=2',
        'blur=0',
        'src=1',
        'aug=1',
        'lat=0',
        'data=synthetic',
        'steps=1000',
        'val=10',
        'be=auto',
        'b.dt=uint8',
        'b.norm=model',
        'hide=opt,lr',
      ].join('&')}`,
    );
    const url = new URL(link);
    const d = decodeHash(url.hash);
    expect(d.problems).toEqual([]);
    expect(d.view).toBe('loaders');
    expect(d.config).toEqual(config);
    expect(d.overridesB).toEqual({ imageDtype: 'uint8', normalizeOn: 'model' });
    expect(d.hide).toEqual(['opt', 'lr']);
    expect(d.run).toBe(false);
  });

  it('adds run=1 only when asked, and no b.* without a comparison', () => {
    const state = {
      view: 'playground' as const,
      lang: null,
      config,
      compareOverrides: null,
      hiddenControls: [],
    };
    const link = buildShareLink(state, 'http://127.0.0.1:1/', false);
    expect(link).toBe(
      `http://127.0.0.1:1/#${[
        'v=1',
        'view=playground',
        's=7',
        'px=16',
        'ch=3',
        'k=4',
        'b=2',
        'mb=1',
        'rc=off',
        'd=2',
        'w=8',
        'opt=adam',
        'lr=0.0123',
        'dt=float32',
        'norm=loader',
        'up=packed',
        'mk=uint8',
        'mean=110.1,106,105.2',
        'std=36.6,29.9,31.5',
        'wk=0',
        'pf=2',
        'blur=0',
        'src=1',
        'aug=1',
        'lat=0',
        'data=synthetic',
        'steps=1000',
        'val=10',
        'be=auto',
      ].join('&')}`,
    );
    expect(buildShareLink(state, 'http://127.0.0.1:1/', true)).toBe(`${link}&run=1`);
    const withRun = decodeHash(new URL(buildShareLink(state, 'http://127.0.0.1:1/', true)).hash);
    expect(withRun.run).toBe(true);
    expect(withRun.overridesB).toBeNull();
  });
});

describe('buildLessonShareLink', () => {
  const base = 'https://example.org/batchlab/';
  const loaders = LESSONS.loaders;

  it('is the view alone when the lesson runs as designed', () => {
    expect(buildLessonShareLink(loaders, { lang: null, config: loaders.config }, base)).toBe(
      'https://example.org/batchlab/#v=1&view=loaders',
    );
  });

  it('carries the chosen language and only the settings that differ from the lesson, in link order', () => {
    const config: TrainConfig = { ...loaders.config, storageLatencyMsPerSample: 12, imageSizePx: 24 };
    expect(buildLessonShareLink(loaders, { lang: 'zh-CN', config }, base)).toBe(
      'https://example.org/batchlab/#v=1&view=loaders&lang=zh&px=24&lat=12',
    );
  });

  it('never carries the Playground’s settings', () => {
    const link = buildLessonShareLink(LESSONS.bytes, { lang: null, config: LESSONS.bytes.config }, base);
    expect(link).toBe('https://example.org/batchlab/#v=1&view=bytes');
    expect(link.length).toBeLessThan(
      buildShareLink(
        { view: 'bytes', lang: null, config: DEFAULT_CONFIG, compareOverrides: null, hiddenControls: [] },
        base,
        false,
      ).length / 4,
    );
  });
});

describe('embedSnippet', () => {
  /** The HTML attribute entities back to their characters: an oracle apart from the escaping under test. */
  const unescape = (text: string) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  const SNIPPET =
    /^<iframe src="([^"<>]*)" title="([^"<>]*)" width="(\d+)" height="(\d+)" [^<>]*><\/iframe>$/;

  it('frames the same link plus embed=1, titled and sized, which decodes to the same state', () => {
    const link = buildLessonShareLink(
      LESSONS.loaders,
      { lang: 'zh-CN', config: LESSONS.loaders.config },
      'https://example.org/batchlab/',
    );
    const m = SNIPPET.exec(embedSnippet(link, 'BatchLab: Loader workers'));
    expect(m).not.toBeNull();
    const [, src, title, width, height] = m!;
    expect(unescape(src!)).toBe(`${link}&embed=1`);
    expect(unescape(title!)).toBe('BatchLab: Loader workers');
    expect([Number(width), Number(height)]).toEqual([EMBED_FRAME_PX.width, EMBED_FRAME_PX.height]);
    const decoded = decodeHash(new URL(unescape(src!)).hash);
    expect([decoded.view, decoded.lang, decoded.embed, decoded.problems]).toEqual([
      'loaders',
      'zh-CN',
      true,
      [],
    ]);
  });

  it('escapes everything: no quote, angle bracket or entity from the link or the title survives raw', () => {
    const link = `https://example.org/a"b'<c>&d/#v=1&view=bytes&x="><script>1</script>`;
    const title = `"><img src=x onerror=alert(1)>&amp;'`;
    const m = SNIPPET.exec(embedSnippet(link, title));
    expect(m).not.toBeNull();
    expect(unescape(m![1]!)).toBe(`${link}&embed=1`);
    expect(unescape(m![2]!)).toBe(title);
    expect(embedSnippet(link, title).match(/</g)).toHaveLength(2); // <iframe and </iframe>, nothing else
  });
});
