export const enquiriesPath = '/EnquireDetails';

/** One enquiry at its own address, over the list; `search` keeps the list's filters. */
export const enquiryPath = (enquiryId: string, search = '') => `${enquiriesPath}/${encodeURIComponent(enquiryId)}${search}`;

/** The route of one enquiry under the list. */
export const enquiryRoute = ':enquiryId';

/** An id the address may carry: a whole number; anything else is not an enquiry. */
export const isRecordId = (value: string | undefined): value is string => value !== undefined && /^\d{1,10}$/.test(value);
