/**
 * The link codec: decoding never throws and always yields a schema-valid config, valid configs round-trip
 * exactly, bad values are clamped or defaulted with a problem naming their key, hostile links stay harmless.
 */
import { en } from '../i18n/en';
import { problemText } from '../i18n/problemText';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BACKEND_PREFERENCES,
  MICRO_BATCH_COUNTS,
  RECOMPUTE_MODES,
  DEFAULT_CONFIG,
  IMAGE_DTYPES,
  LIMITS,
  MASK_DTYPES,
  NORMALIZE_PLACEMENTS,
  OPTIMIZERS,
  UPLOAD_PATHS,
  trainConfigSchema,
  type TrainConfig,
} from './trainConfig';
import {
  FILES_NOT_IN_LINK,
  MAX_HASH_LENGTH,
  MAX_MESSAGE,
  MAX_PROBLEMS,
  SHORT_KEYS,
  URL_KEYS,
  UNREADABLE_LINK,
  applyOverrides,
  decodeHash,
  decodeHashStrict,
  encodeConfigToHash,
  type DecodedHash,
  type Problem,
} from './urlCodec';
import { repairConfig } from './repairConfig';
import { MAX_ECHO } from './valueCodecs';
import { CONFIG_KEYS } from './fieldTable';
import { PLAYGROUND_SECTIONS, VIEW_IDS } from './views';

/** A problem as the English page shows it (the decoder reports codes; the dictionary words them). */
const message = (p: Problem | undefined): string => (p ? problemText(en, p) : '');

const int = (b: { min: number; max: number }) => fc.integer({ min: b.min, max: b.max });
const double = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true }).map((v) => (v === 0 ? 0 : v)); // the codec writes -0 as 0

/** Any valid TrainConfig: fields drawn from LIMITS and the enums, then the cross-field rules repaired. */
const validConfig: fc.Arbitrary<TrainConfig> = fc
  .record({
    seed: int(LIMITS.seed),
    imageSizePx: fc
      .integer({ min: LIMITS.imageSizePx.min / 8, max: LIMITS.imageSizePx.max / 8 })
      .map((n) => n * 8),
    channels: fc.constantFrom(1 as const, 3 as const),
    numClasses: int(LIMITS.numClasses),
    batchSize: int(LIMITS.batchSize),
    depth: int(LIMITS.depth),
    baseWidth: int(LIMITS.baseWidth),
    optimizer: fc.constantFrom(...OPTIMIZERS),
    learningRate: double(LIMITS.learningRate.min, LIMITS.learningRate.max),
    imageDtype: fc.constantFrom(...IMAGE_DTYPES),
    normalizeOn: fc.constantFrom(...NORMALIZE_PLACEMENTS),
    uploadPath: fc.constantFrom(...UPLOAD_PATHS),
    maskDtype: fc.constantFrom(...MASK_DTYPES),
    mean255: fc.array(double(0, 255), { minLength: 3, maxLength: 3 }),
    std255: fc.array(double(1e-3, 255), { minLength: 3, maxLength: 3 }),
    workers: int(LIMITS.workers),
    prefetch: int(LIMITS.prefetch),
    blurRadiusPx: int(LIMITS.blurRadiusPx),
    sourceScale: int(LIMITS.sourceScale),
    augment: fc.boolean(),
    storageLatencyMsPerSample: int(LIMITS.storageLatencyMsPerSample),
    // 'files' never survives a link (the files are not in it): see the decoder's own test.
    dataSource: fc.constantFrom('synthetic' as const, 'photos' as const),
    maxSteps: int(LIMITS.maxSteps),
    validateEverySteps: int(LIMITS.validateEverySteps),
    backend: fc.constantFrom(...BACKEND_PREFERENCES),
    microBatches: fc.constantFrom(...MICRO_BATCH_COUNTS),
    recompute: fc.constantFrom(...RECOMPUTE_MODES),
  })
  // Statistics drawn per channel, so the repair (which replaces a list of the wrong length) never has to.
  .map((c) => ({ ...c, mean255: c.mean255.slice(0, c.channels), std255: c.std255.slice(0, c.channels) }))
  .map((c) => repairConfig(c).config);

/**
 * What every decode must satisfy, whatever the input. Runs the strict decoder (a bug throws and fails the
 * property) and the app's decodeHash, which must give the same result and never its catch-all problem.
 */
function expectSane(hash: string): void {
  const d = decodeHashStrict(hash);
  expect(decodeHash(hash)).toEqual(d);
  expect(d.problems.flatMap((p) => p.parts)).not.toContainEqual(UNREADABLE_LINK);
  expect(() => trainConfigSchema.parse(d.config)).not.toThrow();
  expect(d.problems.length).toBeLessThanOrEqual(MAX_PROBLEMS);
  for (const p of d.problems) {
    expect(typeof p.key).toBe('string');
    expect(p.key.length).toBeLessThanOrEqual(MAX_ECHO * 2 + 1);
    expect(message(p).length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(message(p).length).toBeGreaterThan(0);
  }
  for (const k of d.hide) expect(SHORT_KEYS).toContain(k);
  if (d.overridesB !== null)
    expect(() => trainConfigSchema.parse(applyOverrides(d.config, d.overridesB ?? {}))).not.toThrow();
}

const problemKeys = (d: DecodedHash): string[] => d.problems.map((p) => p.key);

const ALL_KEYS = [...SHORT_KEYS, ...SHORT_KEYS.map((k) => `b.${k}`), 'v', 'run', 'hide'];

/** Values that probe every codec: valid ones, edges, junk, broken percent-encoding. */
const nastyValue = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    '0',
    '1',
    '-0',
    '3',
    '8',
    '12abc',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '0x10',
    ' 12',
    '1,2',
    '1,2,3,4',
    ',,,',
    '1.5',
    '1e-7',
    '%',
    '%E0%A4%A',
    '%ZZ',
    '%00',
    'adam',
    'uint8',
    'tf-tensor',
    'loader',
    'float32-onehot',
    'px,lr,zz',
    '__proto__',
    '<script>alert(1)</script>',
  ),
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.double().map(String),
);

const pairsHash = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...ALL_KEYS), fc.string()), nastyValue, fc.boolean()), {
    maxLength: 40,
  })
  .map(
    (pairs) => '#' + pairs.map(([k, v, encode]) => `${k}=${encode ? encodeURIComponent(v) : v}`).join('&'),
  );

describe('decodeHash never throws and always yields a valid config', () => {
  it('for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => expectSane(s)),
      { numRuns: 300 },
    );
  });

  it('for arbitrary full-unicode strings, with and without a leading #', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.boolean(), (s, hash) =>
        expectSane(hash ? `#${s}` : s),
      ),
      { numRuns: 200 },
    );
  });

  it('for lone surrogates and arbitrary UTF-16 code units', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
        (s) => expectSane(`#px=${s}&${s}=1`),
      ),
      { numRuns: 200 },
    );
  });

  it('for random key=value pairs using the real keys', () => {
    fc.assert(
      fc.property(pairsHash, (h) => expectSane(h)),
      { numRuns: 400 },
    );
  });

  it('for random real-key pairs appended to a valid link (duplicates included)', () => {
    fc.assert(
      fc.property(
        validConfig,
        fc.array(fc.tuple(fc.constantFrom(...ALL_KEYS), nastyValue), { maxLength: 10 }),
        (c, extra) => {
          const tail = extra.map(([k, v]) => `&${k}=${encodeURIComponent(v)}`).join('');
          const d = decodeHash(encodeConfigToHash(c) + tail);
          expectSane(encodeConfigToHash(c) + tail);
          // The first occurrence wins: the appended duplicates of A's keys change nothing.
          expect(d.config).toEqual(c);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('round trip', () => {
  it('decode(encode(c)) deep-equals c, with no problems, for every valid config', () => {
    fc.assert(
      fc.property(validConfig, (c) => {
        const d = decodeHash(encodeConfigToHash(c));
        expect(d.config).toEqual(c);
        expect(d.problems).toEqual([]);
        expect(d.run).toBe(false);
        expect(d.hide).toEqual([]);
        expect(d.overridesB).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('floats round-trip bit-exactly', () => {
    const awkward = [1e-5, 0.1 + 0.2, 1 / 3, 0.30000000000000004, 5e-324, 1e-300, 254.99999999999997];
    for (const x of awkward) {
      const c: TrainConfig = {
        ...DEFAULT_CONFIG,
        channels: 1,
        learningRate: Math.min(1, Math.max(1e-5, x)),
        mean255: [x],
        std255: [Math.max(1e-3, x)],
      };
      const d = decodeHash(encodeConfigToHash(c));
      expect(d.problems).toEqual([]);
      expect(Object.is(d.config.mean255[0], x)).toBe(true);
      expect(d.config).toEqual(c);
    }
  });

  it('extras and B overrides round-trip', () => {
    const partialConfig = validConfig.chain((b) =>
      fc
        .subarray([...CONFIG_KEYS])
        .map((fields) => Object.fromEntries(fields.map((f) => [f, b[f]])) as Partial<TrainConfig>),
    );
    fc.assert(
      fc.property(
        validConfig,
        partialConfig,
        fc.subarray([...SHORT_KEYS]),
        fc.boolean(),
        (a, b, hide, run) => {
          const d = decodeHash(encodeConfigToHash(a, { b, hide, run }));
          expect(d.config).toEqual(a);
          expect(d.overridesB).toEqual(Object.keys(b).length === 0 ? null : b); // no b.* key → null
          expect(d.run).toBe(run);
          expect([...d.hide].sort()).toEqual([...hide].sort());
          // The only possible problems come from B's combination with A (cross-field repairs), keyed b.*.
          for (const key of problemKeys(d)) expect(key.startsWith('b.')).toBe(true);
          expectSane(encodeConfigToHash(a, { b, hide, run }));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the default link is stable and human-readable', () => {
    expect(encodeConfigToHash(DEFAULT_CONFIG)).toBe(
      '#v=1&s=42&px=32&ch=3&k=4&b=4&mb=1&rc=off&d=2&w=8&opt=adam&lr=0.01&dt=uint8&norm=model&up=packed&mk=uint8' +
        '&mean=110.1,106,105.2&std=36.6,29.9,31.5&wk=0&pf=2&blur=0&src=1&aug=1&lat=0&data=synthetic&steps=1000&val=10&be=auto',
    );
    expect(
      encodeConfigToHash(DEFAULT_CONFIG, { run: true, hide: ['lr', 'px', 'nope'], b: { imageSizePx: 64 } }),
    ).toMatch(/&b\.px=64&hide=px,lr&run=1$/);
  });

  it('the encoding is URLSearchParams-compatible', () => {
    fc.assert(
      fc.property(validConfig, (c) => {
        const h = encodeConfigToHash(c, {
          b: { learningRate: c.learningRate, mean255: c.mean255 },
          run: true,
        });
        const params = new URLSearchParams(h.slice(1));
        expect(params.get('v')).toBe('1');
        expect(Number(params.get('lr'))).toBe(c.learningRate);
        expect(params.get('mean')?.split(',').map(Number)).toEqual(c.mean255);
        expect(params.get('b.lr')).toBe(String(c.learningRate));
        expect(params.get('run')).toBe('1');
      }),
      { numRuns: 100 },
    );
  });

  it('every field has a distinct short key', () => {
    expect([...CONFIG_KEYS].sort()).toEqual(Object.keys(DEFAULT_CONFIG).sort());
    expect(new Set(SHORT_KEYS).size).toBe(SHORT_KEYS.length);
    for (const k of SHORT_KEYS) expect(k).toMatch(/^[a-z]+$/);
  });
});

/**
 * Keys whose whole range is valid only beside another setting: the source scale's maximum (64) fits the
 * 1024 px source side only at the smallest image size (16 px).
 */
const CONTEXT_OF_KEY: ReadonlyMap<string, string> = new Map([['src', 'px=16&']]);

/** Decodes a link that sets one key on top of the defaults (and the context that key's range needs). */
const oneKeyHash = (key: string, value: string): string =>
  `#v=1&${CONTEXT_OF_KEY.get(key) ?? ''}${key}=${encodeURIComponent(value)}`;
const decodeOne = (key: string, value: string): DecodedHash => decodeHash(oneKeyHash(key, value));

const INT_FIELDS = [
  'seed',
  'imageSizePx',
  'numClasses',
  'batchSize',
  'depth',
  'baseWidth',
  'workers',
  'prefetch',
  'blurRadiusPx',
  'sourceScale',
  'maxSteps',
  'validateEverySteps',
] as const satisfies readonly (keyof typeof LIMITS)[];

describe('bad values clamp or default, with a problem naming the key', () => {
  it.each(Object.keys(LIMITS) as (keyof typeof LIMITS)[])('%s: out of range clamps to its bounds', (f) => {
    const key = URL_KEYS[f];
    const { min, max } = LIMITS[f];
    const above = decodeOne(key, String(max * 2 + 8));
    expect(above.config[f]).toBe(max);
    expect(problemKeys(above)).toEqual([key]);
    const below = decodeOne(key, String(min - 8));
    expect(below.config[f]).toBe(min);
    expect(problemKeys(below)).toEqual([key]);
  });

  it.each(INT_FIELDS)('%s: a fraction falls back to the default', (f) => {
    const d = decodeOne(URL_KEYS[f], String(LIMITS[f].min + 0.5));
    expect(d.config[f]).toBe(DEFAULT_CONFIG[f]);
    expect(problemKeys(d)).toEqual([URL_KEYS[f]]);
  });

  it.each(CONFIG_KEYS)('%s: wrong-type values fall back to the default', (f) => {
    for (const junk of ['abc', '12abc', 'NaN', 'Infinity', '1e999', '0x10', ' 1', '', 'true', '<b>x</b>']) {
      const d = decodeOne(URL_KEYS[f], junk);
      expect(d.config[f]).toEqual(DEFAULT_CONFIG[f]);
      expect(problemKeys(d)).toEqual([URL_KEYS[f]]);
      expectSane(oneKeyHash(URL_KEYS[f], junk));
    }
  });

  it('property: any number outside a bound yields that bound and a problem naming the key', () => {
    const fieldArb = fc.constantFrom(...(Object.keys(LIMITS) as (keyof typeof LIMITS)[]));
    fc.assert(
      fc.property(fieldArb, fc.integer({ min: 1, max: 1e9 }), fc.boolean(), (f, delta, up) => {
        const { min, max } = LIMITS[f];
        const d = decodeOne(URL_KEYS[f], String(up ? max + delta : min - delta));
        expect(d.config[f]).toBe(up ? max : min);
        expect(problemKeys(d)).toContain(URL_KEYS[f]);
      }),
      { numRuns: 200 },
    );
  });

  it('source scale is lowered until the source side fits 1024 px', () => {
    const d = decodeHash('#v=1&px=64&src=32');
    expect(d.config.sourceScale).toBe(16);
    expect(d.config.imageSizePx).toBe(64);
    expect(problemKeys(d)).toEqual(['src']);
    expect(decodeHash('#v=1&px=64&src=16').problems).toEqual([]);
  });

  it('image size snaps to a multiple of 8', () => {
    const d = decodeOne('px', '37');
    expect(d.config.imageSizePx).toBe(40);
    expect(problemKeys(d)).toEqual(['px']);
  });

  it('channels accept exactly 1 or 3', () => {
    expect(decodeOne('ch', '2').config.channels).toBe(DEFAULT_CONFIG.channels);
    expect(problemKeys(decodeOne('ch', '3.0'))).toEqual(['ch']);
  });

  it('enums are allowlisted, case-sensitively', () => {
    for (const [key, v] of [
      ['opt', 'ADAM'],
      ['dt', 'int8'],
      ['be', 'webgpu '],
      ['mk', 'int64'],
      ['opt', '__proto__'],
      ['opt', 'constructor'],
    ] as const) {
      const d = decodeOne(key, v);
      expect(d.config).toEqual(DEFAULT_CONFIG);
      expect(problemKeys(d)).toEqual([key]);
    }
  });

  it('mean/std lists: out-of-range entries clamp, malformed lists default', () => {
    const clamped = decodeOne('mean', '-1,300,5');
    expect(clamped.config.mean255).toEqual([0, 255, 5]);
    expect(problemKeys(clamped)).toEqual(['mean']);
    const zeroStd = decodeOne('std', '0,1,2');
    expect(zeroStd.config.std255).toEqual([1e-3, 1, 2]);
    for (const bad of ['1,,2', '1,2,3,4', 'a,b,c', '', '1;2;3']) {
      const d = decodeOne('std', bad);
      expect(d.config.std255).toEqual(DEFAULT_CONFIG.std255);
      expect(problemKeys(d)).toEqual(['std']);
    }
  });
});

describe('cross-field rules are repaired with a problem', () => {
  it('uint8 storage forces normalizeOn=model', () => {
    const d = decodeHash('#dt=uint8&norm=loader');
    expect(d.config.normalizeOn).toBe('model');
    expect(problemKeys(d)).toEqual(['norm']);
  });

  it('the tf-tensor path forces uint8 (the upload path gives way)', () => {
    const d = decodeHash('#dt=float16&norm=loader&up=tf-tensor');
    expect(d.config).toMatchObject({ imageDtype: 'float16', normalizeOn: 'loader', uploadPath: 'packed' });
    expect(problemKeys(d)).toEqual(['up']);
  });

  it('mean/std are resized to the channel count', () => {
    const d = decodeHash('#ch=3&mean=10&std=1,2,3,4');
    // One value for three channels: the dataset's measured RGB statistics (config/repairConfig.ts).
    expect(d.config.mean255).toEqual([110.1, 106.0, 105.2]);
    expect(d.config.std255).toEqual(DEFAULT_CONFIG.std255); // 4 values: malformed, default
    expect(problemKeys(d).sort()).toEqual(['mean', 'std']);
    const gray = decodeHash('#ch=1&mean=10,20,30');
    expect(gray.config.mean255).toEqual([110.4]);
    expect(gray.config.std255).toEqual([34.9]); // default adapted silently
    expect(problemKeys(gray)).toEqual(['mean']);
  });

  it('a partial link with only ch=1 adapts the default statistics silently', () => {
    const d = decodeHash('#ch=1');
    expect(d.problems).toEqual([]);
    expect(d.config.mean255).toHaveLength(1);
  });
});

describe('extras', () => {
  it('run is true only for run=1 exactly', () => {
    expect(decodeHash('#run=1').run).toBe(true);
    expect(decodeHash('#run=0').run).toBe(false);
    expect(decodeHash('#run=0').problems).toEqual([]);
    for (const v of ['true', '01', '1 ', 'yes', '']) {
      const d = decodeOne('run', v);
      expect(d.run).toBe(false);
      expect(problemKeys(d)).toEqual(['run']);
    }
    expect(decodeHash('#run').run).toBe(false);
  });

  it('prof asks for a step profile only for prof=1 exactly, and round-trips', () => {
    expect(decodeHash('#prof=1').profile).toBe(true);
    expect(decodeHash('#prof=1').problems).toEqual([]);
    expect(decodeHash('#prof=0').profile).toBe(false);
    expect(decodeHash('#px=16').profile).toBe(false);
    for (const v of ['true', '2', '1 ', '<b>1</b>', '']) {
      const d = decodeOne('prof', v);
      expect(d.profile).toBe(false);
      expect(problemKeys(d)).toEqual(['prof']);
    }
    const hash = encodeConfigToHash(DEFAULT_CONFIG, { run: true, profile: true });
    expect(hash).toMatch(/&run=1&prof=1$/);
    const back = decodeHash(hash);
    expect([back.run, back.profile, back.problems]).toEqual([true, true, []]);
    expect(encodeConfigToHash(DEFAULT_CONFIG)).not.toContain('prof=');
  });

  it('embed asks for the compact frame only for embed=1 exactly, and round-trips', () => {
    expect(decodeHash('#view=bytes&embed=1').embed).toBe(true);
    expect(decodeHash('#view=bytes&embed=1').problems).toEqual([]);
    expect(decodeHash('#embed=0').embed).toBe(false);
    expect(decodeHash('#px=16').embed).toBe(false);
    for (const v of ['true', '2', '1 ', '<b>1</b>', '']) {
      const d = decodeOne('embed', v);
      expect(d.embed).toBe(false);
      expect(problemKeys(d)).toEqual(['embed']);
    }
    const hash = encodeConfigToHash(DEFAULT_CONFIG, { view: 'bytes', embed: true, hide: ['lr'] });
    expect(hash).toMatch(/&hide=lr&embed=1$/);
    const back = decodeHash(hash);
    expect([back.embed, back.view, back.hide, back.problems]).toEqual([true, 'bytes', ['lr'], []]);
    expect(encodeConfigToHash(DEFAULT_CONFIG)).not.toContain('embed');
  });

  it('hide is allowlisted to the short keys', () => {
    const d = decodeHash('#hide=lr,px,zz,<script>,lr');
    expect(d.hide).toEqual(['px', 'lr']);
    expect(problemKeys(d)).toEqual(['hide']);
    expect(decodeHash('#hide=').hide).toEqual([]);
  });

  it('B overrides decode with the same field rules, into a Partial of the fields present', () => {
    const d = decodeHash('#px=32&b.px=1000&b.lr=fast&b.dt=float32&b.norm=loader');
    expect(d.config).toEqual(DEFAULT_CONFIG);
    expect(d.overridesB).toEqual({ imageSizePx: 512, imageDtype: 'float32', normalizeOn: 'loader' });
    expect(problemKeys(d)).toEqual(['b.px', 'b.lr']);
    expect(decodeHash('#px=32').overridesB).toBeNull();
    expect(decodeHash('#b.lr=fast').overridesB).toEqual({});
  });

  it('B cross-field conflicts are reported under b.* keys', () => {
    const d = decodeHash('#b.norm=loader');
    expect(d.overridesB).toEqual({ normalizeOn: 'loader' });
    expect(problemKeys(d)).toEqual(['b.norm']);
    expect(applyOverrides(d.config, d.overridesB ?? {}).normalizeOn).toBe('model');
  });

  it('applyOverrides repairs cross-field rules, drops invalid values and does not mutate', () => {
    const a: TrainConfig = { ...DEFAULT_CONFIG, mean255: [...DEFAULT_CONFIG.mean255] };
    const before = structuredClone(a);
    const b = applyOverrides(a, {
      channels: 1,
      imageDtype: 'float32',
      uploadPath: 'tf-tensor',
      batchSize: -3,
    });
    expect(a).toEqual(before);
    expect(b).toMatchObject({
      channels: 1,
      imageDtype: 'float32',
      uploadPath: 'packed',
      batchSize: a.batchSize,
    });
    expect(b.mean255).toEqual([110.4]);
    expect(() => trainConfigSchema.parse(b)).not.toThrow();
    b.mean255.push(1);
    expect(a.mean255).toHaveLength(3);
  });
});

describe('hostile and malformed links', () => {
  const hostile = [
    '#<script>alert(1)</script>',
    '#px=<script>alert(1)</script>',
    '#<img src=x onerror=alert(1)>=1',
    '#opt=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
    '#%E0%A4%A',
    '#px=%E0%A4%A',
    '#%E0%A4%A=1',
    '#px=%',
    '#hide=%ZZ',
    '#v=2',
    '#__proto__=1&constructor=1&b.__proto__=1&toString=1',
    '#px=16&px=64',
  ];

  it.each(hostile)('%s yields defaults (or one field) and short plain problems', (h) => {
    const d = decodeHash(h);
    expectSane(h);
    expect(d.problems.length).toBeGreaterThan(0);
    expect({ ...d.config, imageSizePx: DEFAULT_CONFIG.imageSizePx }).toEqual(DEFAULT_CONFIG);
  });

  it('duplicates: the first value wins and the repetition is reported', () => {
    const d = decodeHash('#px=16&px=64&px=128');
    expect(d.config.imageSizePx).toBe(16);
    expect(problemKeys(d)).toEqual(['px']);
  });

  it('10 KB of garbage is rejected whole with one problem', () => {
    const garbage = '#' + 'px=<script>alert(1)</script>&%E0%A4%A&'.repeat(300);
    expect(garbage.length).toBeGreaterThan(MAX_HASH_LENGTH);
    const d = decodeHash(garbage);
    expect(d.config).toEqual(DEFAULT_CONFIG);
    expect(d.problems).toHaveLength(1);
    expect(d.problems[0]?.key).toBe('#');
    expect(message(d.problems[0]).length).toBeLessThanOrEqual(MAX_MESSAGE);
    fc.assert(
      fc.property(fc.string({ minLength: MAX_HASH_LENGTH + 1, maxLength: 10_240, unit: 'binary' }), (s) => {
        const r = decodeHash(s);
        expect(r.config).toEqual(DEFAULT_CONFIG);
        expect(r.problems).toHaveLength(1);
      }),
      { numRuns: 10 },
    );
  });

  it('long values are echoed truncated, without control or bidi characters', () => {
    const long = 'A'.repeat(3000);
    const d = decodeOne('lr', long);
    expect(message(d.problems[0]).length).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(message(d.problems[0])).toContain('A'.repeat(MAX_ECHO) + '…');
    expect(message(d.problems[0])).not.toContain('A'.repeat(MAX_ECHO + 1));
    const sneaky = decodeOne('opt', 'a\u202eb\nc\u0000');
    const codes = Array.from(message(sneaky.problems[0]) ?? '', (ch) => ch.codePointAt(0) ?? 0);
    expect(codes.filter((c) => c < 0x20 || c === 0x202e)).toEqual([]);
    expect(message(sneaky.problems[0])).toContain('"a\ufffdb\ufffdc\ufffd"');
    const key = decodeHash(`#${'k'.repeat(500)}=1`);
    expect(key.problems[0]?.key.length).toBeLessThanOrEqual(MAX_ECHO + 1);
  });

  it('many unknown keys are capped to MAX_PROBLEMS problems, field problems first', () => {
    const junk = Array.from({ length: 200 }, (_, i) => `x${i}=1`).join('&');
    const d = decodeHash(`#${junk}&px=9999`);
    expect(d.problems).toHaveLength(MAX_PROBLEMS);
    expect(d.problems[0]?.key).toBe('px');
    expect(message(d.problems.at(-1))).toMatch(/more problems/);
  });

  it('empty and trivial inputs give defaults without problems', () => {
    for (const h of ['', '#', '#&&', '#v=1', 'v=1']) {
      const d = decodeHash(h);
      expect(d.config).toEqual(DEFAULT_CONFIG);
      expect(d.problems).toEqual([]);
    }
  });

  it('returned configs never share arrays with DEFAULT_CONFIG', () => {
    const d = decodeHash('');
    d.config.mean255.push(1);
    expect(DEFAULT_CONFIG.mean255).toHaveLength(3);
  });
});

describe('view', () => {
  it('round-trips every view, and a link without one names none (an old link: the Playground)', () => {
    for (const view of VIEW_IDS) {
      const d = decodeHash(encodeConfigToHash(DEFAULT_CONFIG, { view }));
      expect(d.view).toBe(view);
      expect(d.problems).toEqual([]);
    }
    expect(decodeHash(encodeConfigToHash(DEFAULT_CONFIG)).view).toBeNull();
  });

  it('an unknown or hostile view opens the Playground and says so, as text', () => {
    for (const raw of ['lesson9', '<img src=x onerror=alert(1)>', '', 'BYTES', '__proto__']) {
      const d = decodeHash(`#v=1&view=${encodeURIComponent(raw)}`);
      expect(d.view).toBe('playground');
      expect(problemKeys(d)).toEqual(['view']);
      expect(message(d.problems[0])).toContain(VIEW_IDS.join('|'));
    }
  });
});

describe('sec (the Playground section)', () => {
  it('round-trips every section, and a link without one names none', () => {
    for (const section of PLAYGROUND_SECTIONS) {
      const d = decodeHash(encodeConfigToHash(DEFAULT_CONFIG, { view: 'playground', section }));
      expect(d.section).toBe(section);
      expect(d.problems).toEqual([]);
    }
    expect(decodeHash(encodeConfigToHash(DEFAULT_CONFIG)).section).toBeNull();
    expect(encodeConfigToHash(DEFAULT_CONFIG, { section: null })).not.toContain('sec=');
  });

  it('an unknown or hostile section opens none and says so, as text', () => {
    for (const raw of ['charts', '<img src=x onerror=alert(1)>', '', 'PROFILE', '__proto__']) {
      const d = decodeHash(`#v=1&sec=${encodeURIComponent(raw)}`);
      expect(d.section).toBeNull();
      expect(problemKeys(d)).toEqual(['sec']);
      // The choices head the message (a message is capped at MAX_MESSAGE characters).
      expect(message(d.problems[0])).toContain(PLAYGROUND_SECTIONS.slice(0, 3).join('|'));
    }
  });
});

describe('lang', () => {
  it('round-trips every language, and a link without one names none', () => {
    expect(decodeHash(encodeConfigToHash(DEFAULT_CONFIG, { lang: 'zh-CN' })).lang).toBe('zh-CN');
    expect(encodeConfigToHash(DEFAULT_CONFIG, { lang: 'zh-CN' })).toContain('lang=zh');
    const en = decodeHash(encodeConfigToHash(DEFAULT_CONFIG, { lang: 'en' }));
    expect(en.lang).toBe('en');
    expect(en.problems).toEqual([]);
    expect(decodeHash(encodeConfigToHash(DEFAULT_CONFIG)).lang).toBeNull();
  });

  it('a hostile lang reads as English and says so, as text', () => {
    for (const raw of ['fr', '<img src=x onerror=alert(1)>', '', 'ZH', '__proto__']) {
      const d = decodeHash(`#v=1&lang=${encodeURIComponent(raw)}`);
      expect(d.lang).toBe('en');
      expect(problemKeys(d)).toEqual(['lang']);
      expect(message(d.problems[0])).toContain('en|zh');
      expect(message(d.problems[0])).toContain('using en');
    }
  });
});

describe('a link cannot carry the sender’s files', () => {
  it('reads data=files as the synthetic shapes and says why, for A and for B', () => {
    const d = decodeHash('#v=1&data=files&b.data=files');
    expect(d.config.dataSource).toBe('synthetic');
    expect(d.overridesB).toBeNull();
    expect(d.problems).toEqual([
      { key: 'data', parts: FILES_NOT_IN_LINK },
      { key: 'b.data', parts: FILES_NOT_IN_LINK },
    ]);
    expect(message(d.problems[0])).toBe('own images are never in a link: using the synthetic shapes');
    expect(decodeHash('#v=1&data=photos').config.dataSource).toBe('photos');
  });
});
