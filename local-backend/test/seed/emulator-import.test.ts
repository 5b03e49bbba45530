import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { startFirestoreEmulator } from '../../src/firestore';
import { generateDemoEconomy, toEmulatorImport, toFirestoreValue } from '../../src/seed';
import { runCli } from '../../src/seed/cli';
import { adminClient } from '../firestore/harness';

describe('toFirestoreValue', () => {
  it.each([
    [null, { nullValue: 'NULL_VALUE' }],
    [true, { booleanValue: true }],
    [30, { integerValue: '30' }],
    [1.5, { doubleValue: 1.5 }],
    ['', { stringValue: '' }],
    [new Date('2031-09-02T06:00:00.000Z'), { timestampValue: '2031-09-02T06:00:00.000000000Z' }],
    [[1, 'a'], { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'a' }] } }],
    [{ Steel: 3 }, { mapValue: { fields: { Steel: { integerValue: '3' } } } }],
  ])('encodes %j', (value, encoded) => {
    expect(toFirestoreValue(value)).toEqual(encoded);
  });
});

describe('toEmulatorImport', () => {
  it('names every document under the demo project and keeps the order', () => {
    const dataset = generateDemoEconomy({ products: 12, materials: 10 });
    const { documents } = toEmulatorImport(dataset);
    expect(documents.map((d) => d.name)).toEqual(
      dataset.documents.map((d) => `projects/demo-sbc-tycoon/databases/(default)/documents/${d.path}`),
    );
    const date = documents.find((d) => d.name.endsWith('/gameParameters/date'))!;
    expect(date.fields.value).toHaveProperty('timestampValue');
  });
});

describe('seed CLI', () => {
  it('prints the same dataset as the API, dates as ISO strings', () => {
    const printed = JSON.parse(runCli(['--seed', '5', '--products', '12', '--materials', '10']));
    expect(printed).toEqual(JSON.parse(JSON.stringify(generateDemoEconomy({ seed: 5, products: 12, materials: 10 }))));
  });

  it('writes the REST format to --out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
    try {
      const out = join(dir, 'seed.json');
      runCli(['--products', '12', '--materials', '10', '--format', 'rest', '--out', out]);
      const written = JSON.parse(readFileSync(out, 'utf8'));
      expect(written.documents[0].name).toBe('projects/demo-sbc-tycoon/databases/(default)/documents/talents/engineering');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [['--products', 'many'], "--products must be an integer, got 'many'"],
    [['--format', 'xml'], "--format must be 'documents' or 'rest', got 'xml'"],
  ])('rejects %j', (argv, message) => {
    expect(() => runCli(argv)).toThrow(message);
  });
});

describe('seed CLI output imported into the emulator', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'seed-import-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('--format rest round-trips: every document, timestamps as timestamps', async () => {
    const file = join(dir, 'seed.json');
    runCli(['--products', '12', '--materials', '10', '--format', 'rest', '--out', file]);
    const dataset = generateDemoEconomy({ products: 12, materials: 10 });
    const expectedDate = dataset.documents.find((d) => d.path === 'gameParameters/date')!.data.value as Date;

    const emulator = await startFirestoreEmulator({ projectId: 'demo-sbc-tycoon', port: 0, importFile: file });
    const admin = adminClient(emulator, 'seed-import');
    try {
      expect(emulator.exportData().documents).toHaveLength(dataset.documents.length);
      expect((await admin.db.collection('products').count().get()).data().count).toBe(12);
      const value = (await admin.db.doc('gameParameters/date').get()).get('value');
      expect(value).toBeInstanceOf(Timestamp);
      expect((value as Timestamp).toDate()).toEqual(expectedDate);
    } finally {
      await admin.close();
      await emulator.stop();
    }
  });

  it('refuses REST documents named in another project, naming the served one', async () => {
    const file = join(dir, 'other.json');
    runCli(['--products', '12', '--materials', '10', '--format', 'rest', '--out', file]);
    await expect(startFirestoreEmulator({ projectId: 'demo-other', port: 0, importFile: file })).rejects.toThrow(
      'is not in database projects/demo-other/databases/(default)/documents',
    );
  });
});
