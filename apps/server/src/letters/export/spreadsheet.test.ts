import { describe, expect, it } from 'vitest';
import { csvRecord, neutralise, villageDate, villageDateTime, type Column } from './spreadsheet.ts';

describe('neutralise', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+62812', "'+62812"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('prefixes %j with a quote', (value, expected) => {
    expect(neutralise(value)).toBe(expected);
  });

  it.each(['Siti Rahmawati', '3201014506880002', '470/001/XI/2026', ' =1', '', "'sudah"])(
    'leaves %j alone',
    (value) => expect(neutralise(value)).toBe(value),
  );
});

describe('csvRecord', () => {
  const cols: Column[] = [
    { header: 'No.', width: 5, kind: 'integer' },
    { header: 'Teks', width: 10 },
    { header: 'Waktu', width: 10, kind: 'datetime' },
    { header: 'Hari', width: 10, kind: 'date' },
  ];
  it('quotes separators, quotes and line breaks (RFC 4180), neutralises, ends with CRLF', () => {
    expect(
      csvRecord(cols, [1, 'a;b', '2026-11-23T07:05:00.000Z', '2026-11-23T18:00:00.000Z']),
    ).toBe('1;"a;b";2026-11-23 14:05;2026-11-24\r\n');
    expect(csvRecord(cols, [2, 'kata "kutip"\nbaris', null, null])).toBe(
      '2;"kata ""kutip""\nbaris";;\r\n',
    );
    expect(csvRecord(cols, [3, '=1+1', null, null])).toBe("3;'=1+1;;\r\n");
    expect(csvRecord(cols, [4, '@a,b', null, null])).toBe(`4;"'@a,b";;\r\n`);
  });

  it('writes instants in village time (WIB, UTC+7)', () => {
    expect(villageDateTime('2026-12-31T17:00:00.000Z')).toBe('2027-01-01 00:00');
    expect(villageDate('2026-12-31T16:59:59.999Z')).toBe('2026-12-31');
  });
});
