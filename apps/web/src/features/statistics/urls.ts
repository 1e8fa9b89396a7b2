export const statisticsPath = '/Statistics';
