// The script template, filled: every setting reaches the script as the constant of its name (read back
// by Python's own parser), every filled script compiles (`python -m py_compile`), and hostile values
// either are refused, naming the setting, or land as a plain constant: the parsed script keeps exactly
// the template's structure. Python here is only the parser; torch is not imported.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATASET_STATS,
  DEFAULT_CONFIG,
  trainConfigFields,
  type TrainConfig,
} from '../../src/config/trainConfig';
import type { PyTorchExportRequest } from '../../src/config/pytorchExport';
import { trainScript } from '../../src/export/pytorch/buildProject';
import {
  projectConfigOf,
  SCRIPT_LITERALS,
  TFJS_ADAM_EPSILON,
  type PyTorchProjectConfig,
} from '../../src/export/pytorch/projectConfig';
import { expectSuccess, requireTorchPython, runPython } from './harness';

/**
 * TrainConfig fields the script does not carry, and why (checked below against the schema):
 * `uploadPath` is always the packed path (the tf.tensor trap is refused), `backend` becomes `device`,
 * the script does not evaluate on BatchLab's validation batch, so `validateEverySteps` has no use, and
 * `dataSource` is always the synthetic shapes (files are refused: they never leave the browser).
 */
const FIELDS_NOT_IN_SCRIPT: readonly string[] = ['uploadPath', 'backend', 'validateEverySteps', 'dataSource'];

/** Python: for each script, its top-level constants (literal_eval) and its structure with those values blanked. */
const INSPECT_SCRIPT = `
import ast, json, sys
names = set(json.loads(sys.argv[1]))
out = []
for path in sys.argv[2:]:
    tree = ast.parse(open(path).read())
    constants = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name in names:
                constants[name] = ast.literal_eval(node.value)
                node.value = ast.Constant(None)
    out.append({"constants": constants, "skeleton": ast.dump(tree)})
print(json.dumps(out))
`;

const PLACEHOLDERS = Object.values(SCRIPT_LITERALS).map((e) => e.placeholder);

let python = '';
let work = '';
let counter = 0;

beforeAll(() => {
  python = requireTorchPython();
  work = mkdtempSync(join(tmpdir(), 'batchlab-template-'));
  writeFileSync(join(work, 'inspect.py'), INSPECT_SCRIPT);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Inspected {
  constants: Record<string, unknown>;
  skeleton: string;
}

/** Compiles every script with `python -m py_compile`, then parses each: constants and structure. */
async function compileAndInspect(scripts: string[]): Promise<Inspected[]> {
  const paths = scripts.map((text) => {
    const path = join(work, `train${counter++}.py`);
    writeFileSync(path, text);
    return path;
  });
  expectSuccess(await runPython(python, ['-m', 'py_compile', ...paths], { cwd: work }), 'py_compile');
  const result = expectSuccess(
    await runPython(python, ['inspect.py', JSON.stringify(PLACEHOLDERS), ...paths], { cwd: work }),
    'inspect.py',
  );
  return JSON.parse(result.stdout) as Inspected[];
}

/** The value each constant must hold: the setting itself (numbers, words, lists, booleans). */
function expectConstants(inspected: Inspected, project: PyTorchProjectConfig): void {
  for (const [key, { placeholder }] of Object.entries(SCRIPT_LITERALS)) {
    expect(inspected.constants[placeholder], placeholder).toEqual(project[key as keyof PyTorchProjectConfig]);
  }
}

const allChanged: TrainConfig = {
  seed: 123_456_789,
  imageSizePx: 24,
  channels: 1,
  numClasses: 6,
  batchSize: 6,
  microBatches: 2,
  recompute: 'block',
  depth: 3,
  baseWidth: 5,
  optimizer: 'sgd',
  learningRate: 0.000123,
  imageDtype: 'float16',
  normalizeOn: 'loader',
  uploadPath: 'packed',
  maskDtype: 'float32-onehot',
  mean255: [0.221 * 255],
  std255: [0.242 * 255],
  workers: 3,
  prefetch: 4,
  blurRadiusPx: 2,
  sourceScale: 3,
  augment: false,
  storageLatencyMsPerSample: 3,
  dataSource: 'synthetic', // not in the script: files are refused
  maxSteps: 77,
  validateEverySteps: 5,
  backend: 'cpu',
};

describe('every setting reaches the script', () => {
  it('as the constant of its name, for the default config and for one where every field differs', async () => {
    const requests: [TrainConfig, PyTorchExportRequest][] = [
      [{ ...DEFAULT_CONFIG }, { strategy: 'single', processes: 1 }],
      [allChanged, { strategy: 'ddp', processes: 3, batches: 2 }],
    ];
    // The two configs differ in every field the script carries (so each check below can fail).
    for (const key of Object.keys(trainConfigFields.shape) as (keyof TrainConfig)[]) {
      if (FIELDS_NOT_IN_SCRIPT.includes(key)) continue;
      expect(allChanged[key], key).not.toEqual(DEFAULT_CONFIG[key]);
    }
    const projects = requests.map(([config, request]) => projectConfigOf(config, request));
    const inspected = await compileAndInspect(projects.map(trainScript));
    inspected.forEach((result, i) => expectConstants(result, projects[i]!));
    expect(inspected[0]!.constants.ADAM_EPSILON).toBe(TFJS_ADAM_EPSILON);
    expect(inspected[1]!.constants.DEVICE).toBe('cpu');
    expect(inspected[1]!.constants.EXPORTED_BATCHES).toBe(2);
    expect(inspected[1]!.skeleton).toBe(inspected[0]!.skeleton);
  });

  it('every TrainConfig field is a script setting, or is listed with the reason it is not', () => {
    const settings = Object.keys(SCRIPT_LITERALS);
    for (const key of Object.keys(trainConfigFields.shape)) {
      const listed = FIELDS_NOT_IN_SCRIPT.includes(key);
      expect(listed || settings.includes(key), key).toBe(true);
      expect(listed && settings.includes(key), key).toBe(false);
    }
  });
});

describe('hostile values cannot inject code', () => {
  const valid = projectConfigOf(
    {
      ...DEFAULT_CONFIG,
      channels: 1,
      mean255: [...DATASET_STATS[1].mean255],
      std255: [...DATASET_STATS[1].std255],
    },
    { strategy: 'single', processes: 1 },
  );
  const HOSTILE: unknown[] = [
    '1\nimport os; os.system("echo pwned")',
    '"; import os; "',
    "uint8'\n__import__('os').system('id')  #",
    'adam"\nprint("pwned")\nx = "',
    '{{SEED}}',
    '0x10',
    '1_000',
    ' 1',
    '1e3',
    'uint8 ',
    'UINT8',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -1,
    1.5,
    2 ** 53,
    null,
    undefined,
    {},
    [],
    ['1); import os; ('],
    [Number.NaN],
    [1, 2, 3, 4],
    () => 1,
    Symbol('x'),
    10n,
  ];

  it('each hostile value, in each setting, is refused with the setting named', () => {
    for (const [key, { placeholder }] of Object.entries(SCRIPT_LITERALS)) {
      for (const value of HOSTILE) {
        const project = { ...valid, [key]: value } as PyTorchProjectConfig;
        expect(() => trainScript(project), `${key} = ${String(value)}`).toThrow(placeholder);
      }
    }
  });

  it('a hostile TrainConfig is refused before any script is written', () => {
    const bad = [
      { ...DEFAULT_CONFIG, imageDtype: 'uint8"\nimport os' },
      { ...DEFAULT_CONFIG, learningRate: '0.1; import os' },
      { ...DEFAULT_CONFIG, seed: -5 },
      { ...DEFAULT_CONFIG, mean255: ['1); import os; ('] },
    ] as unknown as TrainConfig[];
    for (const config of bad) {
      expect(() => projectConfigOf(config, { strategy: 'single', processes: 1 })).toThrow(
        /the config is not valid/,
      );
    }
    expect(() =>
      projectConfigOf(DEFAULT_CONFIG, { strategy: 'ddp"; import os' as 'ddp', processes: 1 }),
    ).toThrow(/strategy/);
  });

  it('arbitrary values: refused, or a plain constant in an unchanged script structure', async () => {
    const keys = Object.keys(SCRIPT_LITERALS) as (keyof PyTorchProjectConfig)[];
    const accepted: PyTorchProjectConfig[] = [];
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.oneof(
          fc.anything(),
          fc.string(),
          fc.double(),
          fc.integer(),
          fc.array(fc.double(), { maxLength: 4 }),
        ),
        (key, value) => {
          const project = { ...valid, [key]: value } as PyTorchProjectConfig;
          try {
            trainScript(project);
          } catch (error) {
            // Named: the setting itself, or one that depends on it (CHANNELS fixes MEAN_255's length).
            expect(PLACEHOLDERS.some((name) => String(error).includes(`${name}`))).toBe(true);
            return;
          }
          accepted.push(project);
        },
      ),
      { numRuns: 400, seed: 16 },
    );
    const baseline = valid;
    const inspected = await compileAndInspect([baseline, ...accepted].map(trainScript));
    for (const [i, result] of inspected.entries()) {
      expect(result.skeleton).toBe(inspected[0]!.skeleton);
      expectConstants(result, i === 0 ? baseline : accepted[i - 1]!);
    }
    // Some arbitrary values were valid (numbers in range), so the structural check above ran on them.
    expect(accepted.length).toBeGreaterThan(0);
  });
});
