import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

type Project = {
  ProjectId: number;
  ClientId: number;
  ProjectShortCode: string;
  ProjectName: string;
  IsClosed: boolean;
  CurrentAllocations: number;
  OverAllocatedPeople: number;
  IssueCount: number;
  ReleaseCount: number;
};
type Allocation = {
  AllocationId: number;
  ProjectId: number;
  TeamMemberId: number;
  AllocPercentage: number;
  ProjectRole: string | null;
  IsCurrent: boolean;
  ProjectEndDate: string | null;
  PersonCurrentTotal: number;
};

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local', 'member@acme.local'] as const;
let tokens: Record<(typeof PEOPLE)[number], string>;
let acme: number;
let globex: number;

const acmeAdmin = () => tokens['admin@acme.local'];
const post = (path: string, token: string, body: object) => api.agent.post(path).auth(token, { type: 'bearer' }).send(body);
const get = (path: string, token: string) => api.agent.get(path).auth(token, { type: 'bearer' }).set({ prefer: 'count=exact' });
/** An active person of an organisation who holds no current allocation, so totals start at 0. */
async function freePerson(clientId: number): Promise<number> {
  const [person] = await api.db.query<{ user_id: number }>(
    `SELECT u.user_id FROM client_users u
      WHERE u.client_id = $1 AND u.is_active AND NOT EXISTS (SELECT 1 FROM project_allocations a WHERE a.user_id = u.user_id AND a.is_current)
      ORDER BY u.user_id DESC LIMIT 1`,
    [clientId],
  );
  return person!.user_id;
}
const auditOf = (entityType: string, id: number) =>
  api.db.query<{ action: string; client_id: number; before: unknown; after: unknown }>(
    'SELECT action, client_id, before, after FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY audit_id',
    [entityType, String(id)],
  );

beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
  const clients = await api.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients');
  acme = clients.find((c) => c.company_name === 'Acme Corporation')!.client_id;
  globex = clients.find((c) => c.company_name === 'Globex Industries')!.client_id;
});
afterAll(() => api.close());

describe('projects over REST', () => {
  it('lists only the caller’s organisation’s projects with their counts, closed ones marked and filterable', async () => {
    const answer = await get('/agilesaas_project_master?order=ProjectShortCode.asc', acmeAdmin());
    expect(answer.status).toBe(200);
    const codes = answer.body.map((p: Project) => p.ProjectShortCode);
    expect(codes).toEqual(expect.arrayContaining(['ACM-ERP', 'ACM-MOB', 'ACM-WEB']));
    expect(new Set(answer.body.map((p: Project) => p.ClientId))).toEqual(new Set([acme]));
    const web = answer.body.find((p: Project) => p.ProjectShortCode === 'ACM-WEB') as Project;
    expect(web).toMatchObject({ IsClosed: false, IssueCount: 3, ReleaseCount: 2 });
    expect(web.CurrentAllocations).toBeGreaterThan(0);
    // The demo has somebody on both open projects at 50 % and 60 %.
    expect(web.OverAllocatedPeople).toBeGreaterThan(0);

    const closed = await get('/agilesaas_project_master?IsClosed=eq.true', acmeAdmin());
    expect(closed.body.map((p: Project) => p.ProjectShortCode)).toEqual(['ACM-ERP']);
    expect(closed.body[0]).toMatchObject({ IsClosed: true, CurrentAllocations: 0 });

    expect((await get(`/agilesaas_project_master?ClientId=eq.${globex}`, acmeAdmin())).status).toBe(403);
    expect((await get('/agilesaas_project_master', tokens['member@acme.local'])).status).toBe(403);
    expect((await api.agent.get('/agilesaas_project_master')).status).toBe(401);
  });

  it('creates a project with a short code unique in its organisation, renames and closes it, each audited', async () => {
    const created = await post('/agilesaas_project_master', acmeAdmin(), { ProjectShortCode: ' acm-new ', ProjectName: ' New thing ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ClientId: acme, ProjectShortCode: 'ACM-NEW', ProjectName: 'New thing', IsClosed: false });
    const id = created.body.ProjectId as number;

    const clash = await post('/agilesaas_project_master', acmeAdmin(), { ProjectShortCode: 'Acm-New', ProjectName: 'Other' });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'CONFLICT', field: 'ProjectShortCode' });
    // Another organisation may use the same code.
    const elsewhere = await post('/agilesaas_project_master', tokens['admin@globex.local'], {
      ProjectShortCode: 'ACM-NEW',
      ProjectName: 'Theirs',
    });
    expect(elsewhere.status).toBe(201);
    const malformed = await post('/agilesaas_project_master', acmeAdmin(), { ProjectShortCode: '1 bad', ProjectName: 'X' });
    expect(malformed.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'ProjectShortCode' });

    const renamed = await post('/agilesaas_project_master/update', acmeAdmin(), { ProjectId: id, ProjectName: 'Renamed thing' });
    expect(renamed.body).toMatchObject({ ProjectName: 'Renamed thing', ProjectShortCode: 'ACM-NEW' });

    const person = await freePerson(acme);
    const allocated = await post('/agilesaas_project_mapping', acmeAdmin(), {
      ProjectId: id,
      TeamMemberId: person,
      AllocPercentage: 40,
      ProjectRole: 'Tester',
    });
    expect(allocated.status).toBe(201);

    const closed = await post('/agilesaas_project_master/close', acmeAdmin(), { ProjectId: id });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ IsClosed: true, CurrentAllocations: 0 });
    expect((await post('/agilesaas_project_master/close', acmeAdmin(), { ProjectId: id })).status).toBe(409);
    const late = await post('/agilesaas_project_mapping', acmeAdmin(), {
      ProjectId: id,
      TeamMemberId: person,
      AllocPercentage: 10,
      ProjectRole: 'X',
    });
    expect(late.body.error).toMatchObject({ code: 'CONFLICT', field: 'ProjectId' });

    expect(await auditOf('project', id)).toEqual([
      { action: 'project.create', client_id: acme, before: null, after: { shortCode: 'ACM-NEW', name: 'New thing' } },
      { action: 'project.rename', client_id: acme, before: { name: 'New thing' }, after: { name: 'Renamed thing' } },
      {
        action: 'project.close',
        client_id: acme,
        before: { closedAt: null, currentAllocationIds: [allocated.body.AllocationId] },
        after: { closedAt: expect.any(String), currentAllocationIds: [] },
      },
    ]);
  });

  it('allocates, warns over 100 % by the person’s total, changes and ends an allocation, each audited', async () => {
    const project = (await post('/agilesaas_project_master', acmeAdmin(), { ProjectShortCode: 'ACM-ALLOC', ProjectName: 'Allocations' }))
      .body.ProjectId as number;
    const other = (await post('/agilesaas_project_master', acmeAdmin(), { ProjectShortCode: 'ACM-ALLOC2', ProjectName: 'More' })).body
      .ProjectId as number;
    const person = await freePerson(acme);

    const first = await post('/agilesaas_project_mapping', acmeAdmin(), {
      ProjectId: project,
      TeamMemberId: person,
      AllocPercentage: '70',
      ProjectRole: 'Developer',
      ProjectEndDate: '2031-03-31',
    });
    expect(first.body).toMatchObject({ AllocPercentage: 70, IsCurrent: true, ProjectEndDate: '2031-03-31', PersonCurrentTotal: 70 });
    const second = await post('/agilesaas_project_mapping', acmeAdmin(), {
      ProjectId: other,
      TeamMemberId: person,
      AllocPercentage: 50,
      ProjectRole: 'Lead',
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ PersonCurrentTotal: 120, ProjectEndDate: null });
    const counted = (await get(`/agilesaas_project_master?ProjectId=eq.${project}`, acmeAdmin())).body[0] as Project;
    expect(counted).toMatchObject({ CurrentAllocations: 1, OverAllocatedPeople: 1 });

    const twice = await post('/agilesaas_project_mapping', acmeAdmin(), {
      ProjectId: project,
      TeamMemberId: person,
      AllocPercentage: 5,
      ProjectRole: 'X',
    });
    expect(twice.body.error).toMatchObject({ code: 'CONFLICT', field: 'TeamMemberId' });
    for (const AllocPercentage of [0, 101, 2.5, 'ten']) {
      const bad = await post('/agilesaas_project_mapping', acmeAdmin(), {
        ProjectId: other,
        TeamMemberId: person,
        AllocPercentage,
        ProjectRole: 'X',
      });
      expect(bad.body.error).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'AllocPercentage',
        message: 'Enter a whole percentage from 1 to 100',
      });
    }

    const changed = await post('/agilesaas_project_mapping/update', acmeAdmin(), {
      AllocationId: first.body.AllocationId,
      AllocPercentage: 30,
      ProjectRole: 'Developer',
      ProjectEndDate: null,
    });
    expect(changed.body).toMatchObject({ AllocPercentage: 30, ProjectEndDate: null, PersonCurrentTotal: 80 });

    const ended = await post('/agilesaas_project_mapping/end', acmeAdmin(), { AllocationId: second.body.AllocationId });
    expect(ended.body).toMatchObject({ IsCurrent: false, PersonCurrentTotal: 30 });
    expect(ended.body.ProjectEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await post('/agilesaas_project_mapping/end', acmeAdmin(), { AllocationId: second.body.AllocationId })).status).toBe(409);

    const mine = await get(`/agilesaas_project_mapping?TeamMemberId=eq.${person}&IsCurrent=eq.true`, acmeAdmin());
    expect(mine.body.map((a: Allocation) => a.ProjectId)).toEqual([project]);

    expect(await auditOf('allocation', first.body.AllocationId)).toEqual([
      {
        action: 'allocation.create',
        client_id: acme,
        before: null,
        after: { projectId: project, userId: person, percentage: 70, role: 'Developer', endDate: '2031-03-31' },
      },
      {
        action: 'allocation.update',
        client_id: acme,
        before: { percentage: 70, endDate: '2031-03-31' },
        after: { percentage: 30, endDate: null },
      },
    ]);
    expect(await auditOf('allocation', second.body.AllocationId)).toContainEqual({
      action: 'allocation.end',
      client_id: acme,
      before: { isCurrent: true, endDate: null },
      after: { isCurrent: false, endDate: ended.body.ProjectEndDate },
    });
  });

  it('never lets an Acme admin read or change Globex projects, or allocate a Globex person, whatever ids they send', async () => {
    const [globexProject] = await api.db.query<{ project_id: number }>('SELECT project_id FROM projects WHERE client_id = $1 LIMIT 1', [
      globex,
    ]);
    const [globexAllocation] = await api.db.query<{ allocation_id: number }>(
      'SELECT a.allocation_id FROM project_allocations a JOIN projects p USING (project_id) WHERE p.client_id = $1 AND a.is_current LIMIT 1',
      [globex],
    );
    const globexPerson = await freePerson(globex);
    const acmeProject = (await post('/agilesaas_project_master', acmeAdmin(), { ProjectShortCode: 'ACM-TENANT', ProjectName: 'Tenant' }))
      .body.ProjectId as number;
    const before = await api.db.query(
      'SELECT * FROM projects p LEFT JOIN project_allocations a USING (project_id) WHERE p.client_id = $1 ORDER BY 1, 2',
      [globex],
    );

    const reads = [
      await get(`/agilesaas_project_master?ProjectId=eq.${globexProject!.project_id}`, acmeAdmin()),
      await get(`/agilesaas_project_mapping?ProjectId=eq.${globexProject!.project_id}`, acmeAdmin()),
    ];
    for (const read of reads) expect(read.body).toEqual([]);
    expect((await get(`/agilesaas_project_mapping/candidates?ProjectId=eq.${globexProject!.project_id}`, acmeAdmin())).status).toBe(403);
    expect((await get(`/agilesaas_project_mapping?ClientId=eq.${globex}`, acmeAdmin())).status).toBe(403);

    const changes = [
      await post('/agilesaas_project_master', acmeAdmin(), { ClientId: globex, ProjectShortCode: 'GLX-X', ProjectName: 'X' }),
      await post('/agilesaas_project_master/update', acmeAdmin(), { ProjectId: globexProject!.project_id, ProjectName: 'Mine now' }),
      await post('/agilesaas_project_master/close', acmeAdmin(), { ProjectId: globexProject!.project_id }),
      await post('/agilesaas_project_mapping', acmeAdmin(), {
        ProjectId: globexProject!.project_id,
        TeamMemberId: globexPerson,
        AllocPercentage: 10,
        ProjectRole: 'X',
      }),
      await post('/agilesaas_project_mapping/update', acmeAdmin(), {
        AllocationId: globexAllocation!.allocation_id,
        AllocPercentage: 10,
        ProjectRole: 'X',
      }),
      await post('/agilesaas_project_mapping/end', acmeAdmin(), { AllocationId: globexAllocation!.allocation_id }),
    ];
    for (const change of changes) expect(change.body.error.code).toBe('FORBIDDEN');
    // A Globex person on an Acme project is refused without saying whose they are.
    const stranger = await post('/agilesaas_project_mapping', acmeAdmin(), {
      ProjectId: acmeProject,
      TeamMemberId: globexPerson,
      AllocPercentage: 10,
      ProjectRole: 'X',
    });
    expect(stranger.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'TeamMemberId' });

    expect(
      await api.db.query(
        'SELECT * FROM projects p LEFT JOIN project_allocations a USING (project_id) WHERE p.client_id = $1 ORDER BY 1, 2',
        [globex],
      ),
    ).toEqual(before);
    expect((await get(`/agilesaas_project_mapping?TeamMemberId=eq.${globexPerson}`, acmeAdmin())).body).toEqual([]);
  });

  it('lets a read-only API key read projects but change nothing', async () => {
    const key = await api.agent
      .post('/platform/api-keys')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ Name: 'Project reader', Access: 'READ' });
    expect((await get(`/agilesaas_project_master?ClientId=eq.${acme}`, key.body.Secret)).status).toBe(200);
    const refused = await post('/agilesaas_project_master', key.body.Secret, {
      ClientId: acme,
      ProjectShortCode: 'ACM-RO',
      ProjectName: 'X',
    });
    expect(refused.status).toBe(403);
    expect(await api.db.query("SELECT 1 FROM projects WHERE short_code = 'ACM-RO'")).toEqual([]);
  });
});
