import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
beforeAll(async () => {
  api = await openRestApi();
});
afterAll(() => api.close());

describe('GET /subscription_product_master', () => {
  it('lists the products on sale without a session', async () => {
    const answer = await api.agent.get('/subscription_product_master?order=ProductName.asc');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        ProductId: expect.any(Number),
        ProductName: 'Yozy Lite',
        ProductCode: 'YOZY-LITE',
        Domain: 'https://lite.yozy.local',
        IncludedProducts: ['Tasks', 'Chat'],
      },
      {
        ProductId: expect.any(Number),
        ProductName: 'Yozy Web',
        ProductCode: 'YOZY-WEB',
        Domain: 'https://app.yozy.local',
        IncludedProducts: ['Projects', 'ITSM', 'Reports'],
      },
    ]);
  });

  it('refuses to filter inside a list field', async () => {
    const answer = await api.agent.get('/subscription_product_master?IncludedProducts=eq.Chat');
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('IncludedProducts');
  });
});

describe('GET /subscription_plan_master', () => {
  it('lists the plans of a product with their group, cost and capacity', async () => {
    const [lite] = await api.db.query<{ product_id: number }>("SELECT product_id FROM products WHERE product_code = 'YOZY-LITE'");
    const answer = await api.agent.get(`/subscription_plan_master?ProductId=eq.${lite!.product_id}&order=Cost.asc`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        PlanId: expect.any(Number),
        ProductId: lite!.product_id,
        PlanName: 'Lite Starter',
        PlanGroup: 'MICROSAAS',
        Cost: 9,
        Currency: 'USD',
        Frequency: 'MONTHLY',
        Capacity: 10,
      },
      {
        PlanId: expect.any(Number),
        ProductId: lite!.product_id,
        PlanName: 'Lite Team',
        PlanGroup: 'MICROSAAS',
        Cost: 29,
        Currency: 'USD',
        Frequency: 'MONTHLY',
        Capacity: 25,
      },
    ]);
  });

  it('leaves out withdrawn plans and the plans of withdrawn products, and counts what it shows', async () => {
    await api.db.query("UPDATE plans SET is_active = false WHERE plan_name = 'Web Enterprise'");
    await api.db.query("UPDATE products SET is_active = false WHERE product_code = 'YOZY-LITE'");
    try {
      const response = await request(api.app).get('/subscription_plan_master?select=PlanName').set('prefer', 'count=exact');
      expect(response.body).toEqual([{ PlanName: 'Web Business' }]);
      expect(response.headers['content-range']).toBe('0-0/1');
      const products = await api.agent.get('/subscription_product_master?select=ProductCode');
      expect(products.body).toEqual([{ ProductCode: 'YOZY-WEB' }]);
    } finally {
      await api.db.query('UPDATE plans SET is_active = true');
      await api.db.query('UPDATE products SET is_active = true');
    }
  });
});

describe('tenant-scoped lists', () => {
  it('still need a session', async () => {
    expect((await api.agent.get('/subscription_client_details')).status).toBe(401);
  });
});
