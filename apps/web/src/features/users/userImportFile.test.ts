import { describe, expect, it } from 'vitest';
import { USER_IMPORT_MAX_ROWS, USER_IMPORT_TEMPLATE } from '@yozy/shared/userImportFile';
import { parseCsv } from '@/lib/csv';
import { rowsFromCsv } from './userImportFile';

const read = async (text: string) => rowsFromCsv(await parseCsv(new Blob([text])));

describe('rowsFromCsv', () => {
  it('reads the template’s columns, whatever their case, with roles holding semicolons', async () => {
    const file = `${USER_IMPORT_TEMPLATE}Ada,Lovelace, ada@example.com ,Research,RND,+44 20 7946 0000,"Yozy Web: Member; Yozy Lite: Admin"\r\n\r\n`;
    expect(await read(`\uFEFF${file}`)).toEqual({
      rows: [
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          departmentName: 'Research',
          departmentCode: 'RND',
          phone: '+44 20 7946 0000',
          roles: 'Yozy Web: Member; Yozy Lite: Admin',
        },
      ],
    });
    expect(await read('email;FIRST NAME;last_name;roles\nx@example.com;X;Y;Member\n')).toEqual({
      rows: [{ firstName: 'X', lastName: 'Y', email: 'x@example.com', roles: 'Member' }],
    });
  });

  it('says which columns are missing, and when there are no rows or too many', async () => {
    expect(await read('First name,Email\nAda,ada@example.com\n')).toEqual({
      problem: 'The file has no columns “Last name”, “Roles”. Start from the template.',
    });
    expect(await read(USER_IMPORT_TEMPLATE)).toEqual({ problem: 'The file has no rows of people' });
    const many = Array.from({ length: USER_IMPORT_MAX_ROWS + 1 }, (_, i) => `A,B,a${i}@example.com,,,,Member`).join('\n');
    expect(await read(`${USER_IMPORT_TEMPLATE}${many}`)).toEqual({ problem: expect.stringMatching(/at most 500 rows/) });
  });
});
