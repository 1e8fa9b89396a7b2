import { describe, expect, it } from 'vitest';
import { asTypedText, csvFileName, toCsv, type CsvColumn } from './csv';

type Row = { name: string; joined: Date | null; active: boolean; seats: number | null };

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Joined', value: (row) => row.joined },
  { header: 'Active', value: (row) => row.active },
  { header: 'Seats', value: (row) => row.seats },
];

describe('toCsv', () => {
  it('writes a heading line, one line per row and empty cells for missing values', () => {
    const csv = toCsv(columns, [
      { name: 'Ann', joined: new Date(Date.UTC(2026, 2, 5, 14, 7)), active: true, seats: 3 },
      { name: 'Bo\nLee', joined: null, active: false, seats: null },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('Name,Joined,Active,Seats\r\nAnn,2026-03-05T14:07:00.000Z,true,3\r\n"Bo\nLee",,false,\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but leaves negative numbers alone', () => {
    const csv = toCsv(
      [
        { header: 'Text', value: (row: { text: string; amount: number }) => row.text },
        { header: 'Amount', value: (row: { text: string; amount: number }) => row.amount },
      ],
      [
        { text: '+1 555', amount: -5 },
        { text: '@SUM(A1)', amount: 2 },
      ],
    );
    expect(csv.slice(1).split('\r\n')).toEqual(['Text,Amount', `"'+1 555",-5`, `"'@SUM(A1)",2`, '']);
  });

  it('writes phone numbers so a spreadsheet shows them as typed: leading + and zeros kept, no apostrophe', () => {
    type Person = { name: string; phone: string | null };
    const people: Person[] = [
      { name: 'Ann', phone: '+44 20 7946 0958' },
      { name: 'Bo', phone: '0049 30 1234567' },
      { name: 'Cy', phone: '+442079460958' },
      { name: 'Di', phone: '00493012345' },
      { name: 'Ed', phone: '(020) 7946-0958 / 12.3' },
      { name: 'Fe', phone: null },
    ];
    const csv = toCsv<Person>(
      [
        { header: 'Name', value: (row) => row.name },
        { header: 'Phone', value: (row) => asTypedText(row.phone) },
      ],
      people,
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Name,Phone',
      'Ann,"=""+44 20 7946 0958"""',
      'Bo,"=""0049 30 1234567"""',
      'Cy,"=""+442079460958"""',
      'Di,"=""00493012345"""',
      'Ed,"=""(020) 7946-0958 / 12.3"""',
      'Fe,',
      '',
    ]);
  });

  it('keeps defusing a real formula given as typed text, and a heading that would be one', () => {
    type Row = { phone: string };
    const csv = toCsv<Row>(
      [{ header: '=Phone', value: (row) => asTypedText(row.phone) }],
      [{ phone: '=HYPERLINK("http://evil.example","+1 555")' }, { phone: '+1 555 "quoted"' }, { phone: '@SUM(A1)' }],
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      `"'=Phone"`,
      `"'=HYPERLINK(""http://evil.example"",""+1 555"")"`,
      `"'+1 555 ""quoted"""`,
      `"'@SUM(A1)"`,
      '',
    ]);
  });

  it('writes only the heading for an empty list', () => {
    expect(toCsv(columns, []).slice(1)).toBe('Name,Joined,Active,Seats\r\n');
  });
});

describe('csvFileName', () => {
  it.each([
    ['Organizations', 'organizations-2026-01-09.csv'],
    ['User Sessions', 'user-sessions-2026-01-09.csv'],
    ['Enquiry/Signup Forms', 'enquiry-signup-forms-2026-01-09.csv'],
    ['Übersicht (alle)', 'ubersicht-alle-2026-01-09.csv'],
    ['***', 'list-2026-01-09.csv'],
  ])('%s -> %s', (name, expected) => {
    expect(csvFileName(name, new Date(2026, 0, 9, 23, 59))).toBe(expected);
  });
});
