import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client.js';
import { aUser } from '../../test-support/fixtures.js';
import { currentUserQueryKey, refreshCurrentUser, seedCurrentUserFromPage } from './current-user.js';

function documentWith(visitorJson: string | null) {
  document.body.innerHTML = `<div id="root"></div>${visitorJson === null ? '' : `<script type="application/json" id="visitor">${visitorJson}</script>`}`;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('seedCurrentUserFromPage', () => {
  it('knows a signed-out visitor from the document, so nothing asks the server', () => {
    documentWith('null');
    const client = createQueryClient();
    seedCurrentUserFromPage(client);
    expect(client.getQueryState(currentUserQueryKey)?.status).toBe('success');
    expect(client.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it('knows the signed-in member from the document', () => {
    const user = aUser();
    documentWith(JSON.stringify(user));
    const client = createQueryClient();
    seedCurrentUserFromPage(client);
    expect(client.getQueryData(currentUserQueryKey)).toEqual(user);
  });

  it('leaves the question to the query when the document does not say (the development server)', () => {
    documentWith(null);
    const client = createQueryClient();
    seedCurrentUserFromPage(client);
    expect(client.getQueryState(currentUserQueryKey)).toBeUndefined();
  });
});

describe('refreshCurrentUser', () => {
  it('re-reads a signed-in member, and leaves a visitor known to be signed out alone', async () => {
    const client = createQueryClient();
    client.setQueryData(currentUserQueryKey, null);
    await refreshCurrentUser(client);
    expect(client.getQueryState(currentUserQueryKey)?.isInvalidated).toBe(false);
    client.setQueryData(currentUserQueryKey, aUser());
    await refreshCurrentUser(client);
    expect(client.getQueryState(currentUserQueryKey)?.isInvalidated).toBe(true);
  });
});
