import { Alert, Badge, Box, Button, Dialog, Field, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { USER_IMPORT_COLUMNS, USER_IMPORT_TEMPLATE, type ImportColumnField } from '@yozy/shared/userImportFile';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { LuDownload } from 'react-icons/lu';
import { FormAlert } from '@/components/FormAlert';
import {
  UserImportPreviewDocument,
  useUsersImportMutation,
  type UserErrorFieldsFragment,
  type UserImportPreviewQuery,
  type UserImportRowInput,
  type UserSeatsQuery,
} from '@/generated/graphql';
import { dropListPages } from '@/lib/listCache';
import { loadChunk } from '@/lib/loadChunk';
import { refusalMessage } from '@/lib/payloadErrors';
import { describeRequestError, errorMessage } from '@/lib/requestErrors';
import { toaster } from '@/lib/toaster';
import { rowsFromCsv } from '@/features/users/userImportFile';

type Seats = UserSeatsQuery['userSeats'][number];
type Checked = UserImportPreviewQuery['userImportPreview'];
type Preview = { fileName: string; rows: UserImportRowInput[]; checked: Checked };

type Props = {
  organizationId?: string;
  seats: readonly Seats[];
  onClose: () => void;
};

// The CSV reader (papaparse) loads when a file is chosen or the template asked for, never with the screen.
const loadCsv = () => loadChunk(() => import('@/lib/csv'));

const HEADER_OF = new Map(USER_IMPORT_COLUMNS.map((column) => [column.field, column.header]));
const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;
const rowsWord = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

/** "Email: Enter an email address…", naming the column the person sees in their file. */
function problemText(problem: UserErrorFieldsFragment): string {
  const column = problem.field ? HEADER_OF.get(problem.field as ImportColumnField) : undefined;
  return column ? `${column}: ${errorMessage(problem)}` : errorMessage(problem);
}

/**
 * Importing people from a CSV file: the file is read in the browser, every row is checked by the
 * server (nothing is written), the rows and their problems are shown, and the good rows are
 * invited in one step, all or none. A refused import keeps the preview, so the file can be fixed.
 */
export function ImportUsersDialog({ organizationId, seats, onClose }: Props) {
  const client = useApolloClient();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const [importUsers, { loading: importing }] = useUsersImportMutation({
    update: (cache) => {
      dropListPages(cache, 'users');
      dropListPages(cache, 'userSeats');
      dropListPages(cache, 'invitations');
    },
  });

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setReading(true);
    setProblem(null);
    setImportProblem(null);
    setPreview(null);
    try {
      const { parseCsv } = await loadCsv();
      const read = rowsFromCsv(await parseCsv(file));
      if ('problem' in read) {
        setProblem(read.problem);
        return;
      }
      const answer = await client.query({
        query: UserImportPreviewDocument,
        variables: { organizationId, rows: read.rows },
        fetchPolicy: 'no-cache',
      });
      setPreview({ fileName: file.name, rows: read.rows, checked: answer.data!.userImportPreview });
    } catch (error) {
      setProblem(describeRequestError(error));
    } finally {
      setReading(false);
      // Choosing the same file again, once fixed, reads it again.
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const goodRows = preview ? preview.rows.filter((_, index) => preview.checked.rows[index]?.problems.length === 0) : [];
  const withProblems = preview ? preview.rows.length - goodRows.length : 0;

  const invite = async () => {
    setImportProblem(null);
    try {
      const answer = await importUsers({ variables: { organizationId, rows: goodRows } });
      const payload = answer.data?.importUsers;
      const refusal = refusalMessage(payload);
      if (!payload || refusal) {
        setImportProblem(refusal ?? describeRequestError(answer.error));
        return;
      }
      toaster.success({
        title: `${people(payload.invited)} invited`,
        description: 'Each of them was mailed a link to choose a password.',
      });
      onClose();
    } catch (error) {
      setImportProblem(describeRequestError(error));
    }
  };

  const roleExamples = seats.flatMap((product) => product.roles.map((role) => `${product.productName}: ${role.name}`));

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !importing && onClose()}
      size={{ base: 'full', md: 'cover' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="import-dialog" maxW={{ md: '72rem' }}>
            <Dialog.Header>
              <Dialog.Title>Import users from a CSV file</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <Stack gap="2">
                  <Text>
                    One person per row, under the template’s header row. First name, last name, email and roles are required; roles are one
                    or more per product, separated by semicolons.
                  </Text>
                  {roleExamples.length > 0 && (
                    <Text color="fg.muted" fontSize="sm" data-testid="import-roles">
                      Roles you can give: {roleExamples.join('; ')}
                    </Text>
                  )}
                  <Box>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        void loadCsv().then((csv) => csv.downloadText('users-import-template.csv', `\uFEFF${USER_IMPORT_TEMPLATE}`))
                      }
                      data-testid="import-template"
                    >
                      <LuDownload aria-hidden />
                      Download the template
                    </Button>
                  </Box>
                </Stack>
                <Field.Root>
                  <Field.Label htmlFor={inputId}>CSV file</Field.Label>
                  <Input
                    ref={fileInput}
                    id={inputId}
                    type="file"
                    accept=".csv,text/csv"
                    p="1.5"
                    onChange={(event) => void chooseFile(event)}
                    disabled={reading || importing}
                    data-testid="import-file"
                  />
                  <Field.HelperText>Checked as soon as it is chosen; nobody is invited until you say so.</Field.HelperText>
                </Field.Root>
                {reading && (
                  <Text color="fg.muted" role="status">
                    Checking the rows…
                  </Text>
                )}
                {problem && <FormAlert message={problem} testId="import-problem" />}
                {preview && (
                  <Stack gap="3" data-testid="import-preview">
                    <Text fontWeight="medium" data-testid="import-summary" role="status">
                      {preview.fileName}: {rowsWord(goodRows.length)} ready to invite, {rowsWord(withProblems)} with problems
                    </Text>
                    {/* A refusal that repeats a warning replaces it. */}
                    {preview.checked.seatProblems
                      .filter((message) => message !== importProblem)
                      .map((message) => (
                        <Alert.Root key={message} status="warning" rounded="md" data-testid="import-seat-problem">
                          <Alert.Indicator />
                          <Alert.Content>
                            <Alert.Title>{message}</Alert.Title>
                          </Alert.Content>
                        </Alert.Root>
                      ))}
                    {importProblem && <FormAlert message={importProblem} testId="import-error" />}
                    <Table.ScrollArea
                      borderWidth="1px"
                      rounded="md"
                      maxH="28rem"
                      tabIndex={0}
                      role="region"
                      aria-label="Rows of the file, scrollable"
                    >
                      <Table.Root size="sm" stickyHeader aria-label="Rows of the file" data-testid="import-rows">
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeader>Row</Table.ColumnHeader>
                            <Table.ColumnHeader>Problems</Table.ColumnHeader>
                            <Table.ColumnHeader>Name</Table.ColumnHeader>
                            <Table.ColumnHeader>Email</Table.ColumnHeader>
                            <Table.ColumnHeader>Department</Table.ColumnHeader>
                            <Table.ColumnHeader>Roles</Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {preview.rows.map((row, index) => {
                            const problems = preview.checked.rows[index]?.problems ?? [];
                            return (
                              <Table.Row key={index} data-testid="import-row" data-problems={problems.length}>
                                <Table.Cell>{index + 1}</Table.Cell>
                                <Table.Cell minW="14rem" whiteSpace="normal">
                                  {problems.length === 0 ? (
                                    <Badge colorPalette="green" variant="subtle">
                                      Ready
                                    </Badge>
                                  ) : (
                                    <Stack as="ul" gap="1" listStyleType="none" color="fg.error" data-testid="import-row-problems">
                                      {problems.map((p) => (
                                        <Text as="li" key={`${p.field}-${p.message}`}>
                                          {problemText(p)}
                                        </Text>
                                      ))}
                                    </Stack>
                                  )}
                                </Table.Cell>
                                <Table.Cell>{`${row.firstName ?? ''} ${row.lastName ?? ''}`.trim()}</Table.Cell>
                                <Table.Cell wordBreak="break-all">{row.email}</Table.Cell>
                                <Table.Cell>
                                  {row.departmentName}
                                  {row.departmentCode && (
                                    <Text as="span" color="fg.muted" ms="1">
                                      ({row.departmentCode})
                                    </Text>
                                  )}
                                </Table.Cell>
                                <Table.Cell>{row.roles}</Table.Cell>
                              </Table.Row>
                            );
                          })}
                        </Table.Body>
                      </Table.Root>
                    </Table.ScrollArea>
                    {withProblems > 0 && goodRows.length > 0 && (
                      <Text color="fg.muted" fontSize="sm">
                        Rows with problems are left out; fix them in the file and import it again to invite them too.
                      </Text>
                    )}
                  </Stack>
                )}
                <Text color="fg.muted" fontSize="sm">
                  Columns: {USER_IMPORT_COLUMNS.map((column) => column.header).join(', ')}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={importing}>
                Cancel
              </Button>
              {preview && goodRows.length > 0 && (
                <Button
                  colorPalette="brand"
                  onClick={() => void invite()}
                  loading={importing}
                  loadingText="Inviting…"
                  data-testid="import-submit"
                >
                  Invite {people(goodRows.length)}
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
