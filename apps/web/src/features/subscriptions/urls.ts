export const subscriptionDetailsPath = '/subscriptionDetails';
