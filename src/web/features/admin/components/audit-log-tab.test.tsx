import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, type AuditEntry, type AuditLogPage, SERVER_OPERATOR_LABEL } from '#shared/admin.js';
import { ok, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { AuditLogTab } from './audit-log-tab.js';

/** Decision 027: backups and restores are in the log; a command run on the server has no account and is named for who runs it. */

const file = 'marketplace-20261128-030000.tar.gz';
const entry = (id: number, fields: Pick<AuditEntry, 'action' | 'actor' | 'targetType' | 'summary'>): AuditEntry => ({
  id,
  targetId: file,
  createdAt: '2026-11-28T03:00:00.000Z',
  ...fields,
});
const admin = { id: 'admin-1', username: 'organiser', email: 'organiser@example.test' };

describe('the Audit log tab', () => {
  it("names the administrator who backed up, the server's operator for a command on the server, and 'Unknown' for an action whose account is gone", async () => {
    const page: AuditLogPage = {
      entries: [
        entry(4, { action: 'backup.restore', actor: null, targetType: 'backup', summary: file }),
        entry(3, { action: 'backup.create', actor: null, targetType: 'backup', summary: `${file}, 5.8 MB` }),
        entry(2, { action: 'backup.list', actor: admin, targetType: 'backup', summary: `1 backup, newest ${file}` }),
        entry(1, { action: 'user.ban', actor: null, targetType: 'user', summary: 'spammer' }),
      ],
      total: 4,
      nextCursor: null,
    };
    stubApi({ 'GET /api/admin/audit-log': ok(page) });
    renderWithApp(<AuditLogTab />, { path: '/admin?tab=audit', signedInAs: aUser({ isAdmin: true }) });

    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      `${SERVER_OPERATOR_LABEL} · ${AUDIT_ACTION_LABELS['backup.restore']}: ${file}`,
      `${SERVER_OPERATOR_LABEL} · ${AUDIT_ACTION_LABELS['backup.create']}: ${file}, 5.8 MB`,
      `organiser · ${AUDIT_ACTION_LABELS['backup.list']}: 1 backup, newest ${file}`,
      `Unknown · ${AUDIT_ACTION_LABELS['user.ban']}: spammer`,
    ]);
  });
});
