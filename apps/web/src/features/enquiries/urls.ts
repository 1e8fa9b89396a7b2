export const enquiriesPath = '/EnquireDetails';
