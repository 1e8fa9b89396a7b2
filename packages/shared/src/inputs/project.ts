import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { isCalendarDay } from './licence';
import { optionalText, recordId, requiredText, tooLong } from './rules';

export const PROJECT_CODE_MISSING_MESSAGE = 'Enter the project’s short code';
export const PROJECT_CODE_FORMAT_MESSAGE = 'Use letters, digits and hyphens, starting with a letter, such as ACM-WEB';
export const PROJECT_CODE_MAX = 20;
export const PROJECT_NAME_MISSING_MESSAGE = 'Enter the project name';
export const PROJECT_NAME_MAX = 100;
export const PROJECT_ROLE_MISSING_MESSAGE = 'Enter the person’s role in the project, such as Developer';
export const PROJECT_ROLE_MAX = 60;
export const ALLOCATION_PERCENTAGE_MESSAGE = 'Enter a whole percentage from 1 to 100';
export const ALLOCATION_END_DATE_MESSAGE = 'Enter the last day as a date, such as 2027-01-31, or leave it empty';
/** Above this, a person's current allocations are warned about (never refused). */
export const FULL_ALLOCATION = 100;

/** Short codes are kept in capitals, so ACM-web and ACM-WEB are one code. */
const shortCode = z
  .string({ error: PROJECT_CODE_MISSING_MESSAGE })
  .trim()
  .refine((value) => value.length > 0, PROJECT_CODE_MISSING_MESSAGE)
  .refine((value) => value.length <= PROJECT_CODE_MAX, tooLong(PROJECT_CODE_MAX))
  .refine((value) => value === '' || /^[A-Za-z][A-Za-z0-9-]*$/.test(value), PROJECT_CODE_FORMAT_MESSAGE)
  .transform((value) => value.toUpperCase());

const projectName = requiredText(PROJECT_NAME_MISSING_MESSAGE, PROJECT_NAME_MAX);

/** A new project: its short code (unique in the organisation) and name. */
export const projectCreateInput = z.object({ shortCode, name: projectName });
/** A project's new name. */
export const projectRenameInput = z.object({ id: recordId('Choose a project'), name: projectName });

const percentage = z
  .union([z.number(), z.string().trim()], { error: ALLOCATION_PERCENTAGE_MESSAGE })
  .transform((value) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value))
  .pipe(
    z
      .number({ error: ALLOCATION_PERCENTAGE_MESSAGE })
      .int(ALLOCATION_PERCENTAGE_MESSAGE)
      .min(1, ALLOCATION_PERCENTAGE_MESSAGE)
      .max(100, ALLOCATION_PERCENTAGE_MESSAGE),
  );

const endDate = optionalText(10).refine((value) => value === null || isCalendarDay(value), ALLOCATION_END_DATE_MESSAGE);

/** What an allocation says: how much of the person, in which role, until when (open-ended when empty). */
const allocationTerms = {
  percentage,
  role: requiredText(PROJECT_ROLE_MISSING_MESSAGE, PROJECT_ROLE_MAX),
  endDate,
};

/** A person of the project's organisation joins a project. */
export const allocationCreateInput = z.object({
  projectId: recordId('Choose a project'),
  userId: recordId('Choose a person of the organization'),
  ...allocationTerms,
});
/** A current allocation's new terms. */
export const allocationUpdateInput = z.object({ id: recordId('Choose an allocation'), ...allocationTerms });

export type ProjectCreateInput = z.input<typeof projectCreateInput>;
export type ProjectRenameInput = z.input<typeof projectRenameInput>;
export type AllocationCreateInput = z.input<typeof allocationCreateInput>;
export type AllocationUpdateInput = z.input<typeof allocationUpdateInput>;

/** A project's fields as the REST service names them (the project master of the provider's backend). */
export const PROJECT_REST_FIELDS = {
  id: 'ProjectId',
  organizationId: 'ClientId',
  shortCode: 'ProjectShortCode',
  name: 'ProjectName',
  isClosed: 'IsClosed',
  closedAt: 'ClosedAt',
  createdAt: 'CreatedAt',
  currentAllocationCount: 'CurrentAllocations',
  overAllocatedCount: 'OverAllocatedPeople',
  issueCount: 'IssueCount',
  openIssueCount: 'OpenIssueCount',
  releaseCount: 'ReleaseCount',
} as const satisfies FieldMap;

/** An allocation's fields as the REST service names them (the project mapping of the provider's backend). */
export const ALLOCATION_REST_FIELDS = {
  id: 'AllocationId',
  projectId: 'ProjectId',
  organizationId: 'ClientId',
  userId: 'TeamMemberId',
  firstName: 'UserFirstname',
  lastName: 'UserLastname',
  email: 'OfficialEmail',
  percentage: 'AllocPercentage',
  role: 'ProjectRole',
  isCurrent: 'IsCurrent',
  endDate: 'ProjectEndDate',
  personTotal: 'PersonCurrentTotal',
  shortCode: 'ProjectShortCode',
  projectName: 'ProjectName',
  projectClosed: 'ProjectClosed',
} as const satisfies FieldMap;
