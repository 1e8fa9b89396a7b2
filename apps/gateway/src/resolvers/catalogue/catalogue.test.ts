import { describe, expect, it } from 'vitest';
import { execute, fakeContext } from '#testing/fakes';

describe('products', () => {
  it('answers anyone with each product and its own plans', async () => {
    const ctx = fakeContext({
      sources: {
        catalogue: {
          listProducts: async () => [
            { ProductId: 1, ProductName: 'Yozy Lite', ProductCode: 'YOZY-LITE', Domain: 'https://lite.yozy.local', IncludedProducts: [] },
            { ProductId: 2, ProductName: 'Yozy Web', ProductCode: 'YOZY-WEB', Domain: 'https://app.yozy.local', IncludedProducts: [] },
          ],
          listPlans: async () => [
            {
              PlanId: 7,
              ProductId: 2,
              PlanName: 'Web Business',
              PlanGroup: 'STANDARD',
              Cost: 49,
              Currency: 'USD',
              Frequency: 'MONTHLY',
              Capacity: 50,
            },
            {
              PlanId: 5,
              ProductId: 1,
              PlanName: 'Lite Team',
              PlanGroup: 'MICROSAAS',
              Cost: 29,
              Currency: 'USD',
              Frequency: 'MONTHLY',
              Capacity: 25,
            },
          ],
        },
      },
    });
    const answer = await execute('{ products { id name code plans { id name planGroup capacity } } }', {}, ctx);
    expect(answer.data).toEqual({
      products: [
        { id: '1', name: 'Yozy Lite', code: 'YOZY-LITE', plans: [{ id: '5', name: 'Lite Team', planGroup: 'MICROSAAS', capacity: 25 }] },
        { id: '2', name: 'Yozy Web', code: 'YOZY-WEB', plans: [{ id: '7', name: 'Web Business', planGroup: 'STANDARD', capacity: 50 }] },
      ],
    });
  });
});
