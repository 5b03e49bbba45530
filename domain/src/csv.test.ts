import { CSV_BOM, csvField, toCsv, type CsvColumn } from './csv';

describe('csvField (RFC 4180 quoting, formula injection guard)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    [-2.5, '-2.5'],
    [1234.5, '1234.5'],
    [true, 'true'],
    [false, 'false'],
    [null, ''],
    [undefined, ''],
    [NaN, ''],
    [Infinity, ''],
    ['', ''],
  ])('%p → %p', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  const columns: CsvColumn<{ name: string; margin: number | null }>[] = [
    { label: 'Name', value: (r) => r.name },
    { label: 'Margin', value: (r) => r.margin },
  ];

  it('writes the header and the rows in the given order, CRLF-terminated', () => {
    expect(toCsv([{ name: 'b, c', margin: -1 }, { name: 'a', margin: null }], columns)).toBe('Name,Margin\r\n"b, c",-1\r\na,\r\n');
  });

  it('an empty table is its header line', () => {
    expect(toCsv([], columns)).toBe('Name,Margin\r\n');
  });

  it('the byte-order mark is U+FEFF, three bytes in UTF-8', () => {
    expect([...Buffer.from(CSV_BOM, 'utf8')]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
