import { CSV_BOM, csvField, parseCsv, toCsv, type CsvColumn } from './csv';

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

describe('parseCsv (RFC 4180, the one reader of the trade book and the admin import)', () => {
  // [what, text, records as [line, fields]]
  it.each<[string, string, Array<[number, string[]]>]>([
    ['CRLF line ends', 'a,b\r\nc,d\r\n', [[1, ['a', 'b']], [2, ['c', 'd']]]],
    ['LF line ends', 'a,b\nc,d\n', [[1, ['a', 'b']], [2, ['c', 'd']]]],
    ['a lone CR ends a line too', 'a\rb', [[1, ['a']], [2, ['b']]]],
    ['the last line without a line end', 'a,b\nc,d', [[1, ['a', 'b']], [2, ['c', 'd']]]],
    ['a byte-order mark is not part of the first field', '\uFEFFname,qty\r\nx,1', [[1, ['name', 'qty']], [2, ['x', '1']]]],
    ['a BOM only at the start: later it is text', 'a\n\uFEFFb', [[1, ['a']], [2, ['\uFEFFb']]]],
    ['quoted commas', '"a,b",c', [[1, ['a,b', 'c']]]],
    ['escaped quotes ("")', '"say ""hi""",""""', [[1, ['say "hi"', '"']]]],
    ['an empty quoted field', '"",x', [[1, ['', 'x']]]],
    ['a quoted line break: the next record is on the line after it', 'a,"x\r\ny",z\r\nnext,1,2', [[1, ['a', 'x\r\ny', 'z']], [3, ['next', '1', '2']]]],
    ['two quoted line breaks', '"1\n2\n3"\nafter', [[1, ['1\n2\n3']], [4, ['after']]]],
    ['blank lines are skipped, lines still counted', 'a\n\n\r\nb\n', [[1, ['a']], [4, ['b']]]],
    ['empty fields kept', 'a,,\n,b,', [[1, ['a', '', '']], [2, ['', 'b', '']]]],
    ['spaces kept', ' a , b ', [[1, [' a ', ' b ']]]],
    ['a quote inside an unquoted field is text', 'a"b,c', [[1, ['a"b', 'c']]]],
    ['text after a closing quote is kept', '"a"b,c', [[1, ['ab', 'c']]]],
    ['a guarded formula reads back unguarded', "'=SUM(A1),'+1,'-2,'@x,'plain", [[1, ['=SUM(A1)', '+1', '-2', '@x', "'plain"]]]],
    ['an empty text', '', []],
  ])('%s', (_what, text, expected) => {
    const { records, error } = parseCsv(text);
    expect(error).toBeNull();
    expect(records.map((r) => [r.line, r.fields])).toEqual(expected);
  });

  it('keeps every field as in the file when asked (the admin import undoes its own guard)', () => {
    expect(parseCsv("'=SUM(A1),\"'+1\"", { unguardFormulas: false }).records[0]!.fields).toEqual(["'=SUM(A1)", "'+1"]);
  });

  it.each<[string, string, number, number]>([
    ['at the start of a record', 'a\n"open,b\nc', 2, 2],
    ['inside a record, after a quoted line break', 'a,"x\ny","open\nmore', 2, 1],
    ['on the first line', '"never closed', 1, 1],
  ])('an unclosed quote %s is an error naming its line and its record\'s', (_where, text, line, recordLine) => {
    expect(parseCsv(text).error).toEqual({ line, recordLine, message: `Line ${line}: a quoted field is never closed.` });
  });

  it('reads back what toCsv writes: commas, quotes, line breaks, formulas, numbers', () => {
    type Row = { text: string; n: number | null };
    const rows: Row[] = [
      { text: 'a, "b"\r\nc', n: -1.5 },
      { text: '=HYPERLINK("x")', n: null },
      { text: 'é ü', n: 0 },
    ];
    const columns: CsvColumn<Row>[] = [
      { label: 'text', value: (r) => r.text },
      { label: 'n', value: (r) => r.n },
    ];
    const { records, error } = parseCsv(CSV_BOM + toCsv(rows, columns));
    expect(error).toBeNull();
    expect(records.map((r) => r.fields)).toEqual([['text', 'n'], ...rows.map((r) => [r.text, r.n === null ? '' : String(r.n)])]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 4, 5]);
  });
});
