import { EMAIL_SETTINGS_REST_FIELDS, EMAIL_TEMPLATE_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { EmailSettingsRecord } from '#datasources/types';
import { namingFields } from '#errors';
import type {
  EmailTemplateInput,
  EmailTemplateName,
  MailStatus,
  OutboxFilter,
  OutboxSortField,
  Resolvers,
  SmtpSecurity,
  WordingSource,
} from '#generated/graphql';
import { organizationScoped, superAdmin, superAdminInPerson, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { utcInstant } from '#scalars';
import { readRestFields } from '#resolvers/restFields';

const SETTINGS = EMAIL_SETTINGS_REST_FIELDS;
const TEMPLATE = EMAIL_TEMPLATE_REST_FIELDS;

/** The REST service names the mails in lower case (`enquiry_received`); the schema's enum is upper case. */
const restTemplate = (template: EmailTemplateName) => template.toLowerCase() as Lowercase<EmailTemplateName>;
const restWording = (input: EmailTemplateInput) => toRestFields(TEMPLATE, { ...input, template: restTemplate(input.template) });

const OUTBOX_LIST: ListSpec<OutboxFilter, OutboxSortField> = {
  search: ['ToAddress', 'Subject'],
  filter: { status: ['Status', 'eq'] },
  sort: { CREATED_AT: 'CreatedAt' },
  defaultSort: { field: 'CREATED_AT', direction: 'DESC' },
};

/** A mail's id as the REST service takes it; what is not a whole number is 0, which it refuses (BAD_REQUEST on the id). */
const mailIdOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : 0);

/** Email settings of an organisation (its admins', or a SuperAdmin's for any) and the provider's outbox. */
export const emailSettingsResolvers: Resolvers = {
  Query: {
    emailSettings: organizationScoped((_parent, { organizationId }, ctx) => ctx.dataSources.settings.getEmailSettings(organizationId)),
    emailPreview: organizationScoped(async (_parent, { organizationId, input }, ctx) => {
      const preview = await ctx.dataSources.settings.previewEmail(organizationId, restWording(input)).catch(namingFields(TEMPLATE));
      return { subject: preview.Subject, text: preview.Text, html: preview.Html };
    }),
    outbox: superAdmin((_parent, args, ctx) => listPage(args, OUTBOX_LIST, (params) => ctx.dataSources.platform.listOutbox(params))),
    outboxMailContent: superAdminInPerson((_parent, { id }, ctx) => ctx.dataSources.platform.readOutboxMail(id)),
  },
  Mutation: {
    retryOutboxMail: superAdminInPerson(
      withUserErrors(
        { id: 'MailId' },
        { mail: null },
      )(async (_parent, { id }, ctx) => ({
        mail: await ctx.dataSources.platform.retryOutboxMail(mailIdOf(id)),
      })),
    ),
    updateEmailSettings: organizationScoped(
      withUserErrors(SETTINGS, { settings: null })(async (_parent, { organizationId, input }, ctx) => ({
        settings: await ctx.dataSources.settings.updateEmailSettings(organizationId, toRestFields(SETTINGS, input)),
      })),
    ),
    sendTestMail: organizationScoped(
      withUserErrors(SETTINGS, { sentTo: null, server: null, keptInOutbox: false })(async (_parent, { organizationId }, ctx) => {
        const sent = await ctx.dataSources.settings.sendTestMail(organizationId);
        return { sentTo: sent.SentTo, server: sent.Server, keptInOutbox: sent.KeptInOutbox };
      }),
    ),
    updateEmailTemplate: organizationScoped(
      withUserErrors(TEMPLATE, { settings: null })(async (_parent, { organizationId, input }, ctx) => ({
        settings: await ctx.dataSources.settings.updateEmailTemplate(organizationId, restWording(input)),
      })),
    ),
    resetEmailTemplate: organizationScoped(
      withUserErrors(TEMPLATE, { settings: null })(async (_parent, { organizationId, template }, ctx) => ({
        settings: await ctx.dataSources.settings.resetEmailTemplate(organizationId, restTemplate(template)),
      })),
    ),
  },
  EmailSettings: {
    ...readRestFields<EmailSettingsRecord>()({
      senderName: SETTINGS.senderName,
      replyTo: SETTINGS.replyTo,
      smtpHost: SETTINGS.smtpHost,
      smtpPort: SETTINGS.smtpPort,
      smtpUsername: SETTINGS.smtpUsername,
      smtpPasswordSet: SETTINGS.smtpPasswordSet,
      smtpFromAddress: SETTINGS.smtpFromAddress,
    }),
    organizationId: (settings) => String(settings.ClientId),
    smtpSecurity: (settings) => settings.SmtpSecurity as SmtpSecurity,
    updatedAt: (settings) => utcInstant(settings.UpdatedAt),
    templates: (settings) => settings.Templates,
  },
  EmailTemplate: {
    template: (wording) => wording.Template.toUpperCase() as EmailTemplateName,
    subject: (wording) => wording.Subject,
    body: (wording) => wording.Body,
    source: (wording) => wording.Source as WordingSource,
    placeholders: (wording) => wording.Placeholders,
  },
  OutboxMailContent: {
    id: (content) => String(content.MailId),
    text: (content) => content.TextBody,
    html: (content) => content.HtmlBody,
  },
  OutboxMail: {
    id: (mail) => String(mail.MailId),
    to: (mail) => mail.ToAddress,
    subject: (mail) => mail.Subject,
    template: (mail) => mail.Template,
    organizationName: (mail) => mail.CompanyName,
    status: (mail) => mail.Status as MailStatus,
    error: (mail) => mail.Error,
    attempts: (mail) => mail.Attempts,
    nextAttemptAt: (mail) => utcInstant(mail.NextAttemptAt),
    createdAt: (mail) => utcInstant(mail.CreatedAt),
    sentAt: (mail) => utcInstant(mail.SentAt),
  },
};
