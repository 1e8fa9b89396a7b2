import type { DashboardRecord } from '#datasources/types';
import type { Resolvers, SeatUse } from '#generated/graphql';
import { organizationScoped } from '#guards';

const seatUse = (seats: DashboardRecord['seats']): SeatUse[] => seats.map((seat) => ({ ...seat, productId: String(seat.productId) }));

/** Read-only numbers of one organisation; the REST service counts, these only rename. */
export const insightResolvers: Resolvers = {
  Query: {
    dashboard: organizationScoped(async (_parent, { organizationId }, ctx) => {
      const { clientId, seats, ...numbers } = await ctx.dataSources.insights.getDashboard(organizationId);
      return { ...numbers, organizationId: String(clientId), seats: seatUse(seats) };
    }),
    statistics: organizationScoped(async (_parent, { organizationId, from, to }, ctx) => {
      const { clientId, seats, projects, ...numbers } = await ctx.dataSources.insights.getStatistics(organizationId, { from, to });
      return {
        ...numbers,
        organizationId: String(clientId),
        seats: seatUse(seats),
        projects: projects.map((project) => ({ ...project, projectId: String(project.projectId) })),
      };
    }),
  },
};
