import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { asSection } from '../../../src/client/engine/core/form-adapter';
import { DefinitionForm } from '../../../src/client/engine/views/definition-form';
import { FormSession } from '../../../src/client/engine/views/form-session';
import contractForm from '../../../src/shared/generated/forms/contract';
import sheetOptionsForm from '../../../src/shared/generated/forms/sheet-options';
import { contractFormNames, sheetOptionsNames } from '../../../src/shared/generated/name-maps';
import { answerOptions } from '../options';
import { renderInApp } from '../render';

/** Settings forms drawn by the engine in another language: their titles from the schema texts. */
describe('a settings form’s texts', () => {
  it('shows the export centre’s sheet options in Russian', async () => {
    answerOptions();
    const session = new FormSession(asSection(sheetOptionsForm, sheetOptionsNames));
    renderInApp(<DefinitionForm session={session} idPrefix="sheet" />, { language: 'ru' });
    expect(await screen.findByText('Оформление и язык', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText('Язык').length).toBeGreaterThan(0);
  });

  it('titles the contract form’s terms from contract-terms’ texts (its fields are $refs there)', async () => {
    answerOptions();
    const session = new FormSession(
      asSection(contractForm, contractFormNames, { hide: ['partner', 'status', 'version', 'revision'] }),
    );
    renderInApp(<DefinitionForm session={session} idPrefix="contract" readOnly />, { language: 'ru' });
    expect(
      await screen.findAllByText('Срок уведомления о расторжении (дней)', undefined, { timeout: 10_000 }),
    ).not.toHaveLength(0);
    expect(screen.getAllByText('Все объекты отеля')).not.toHaveLength(0);
    expect(screen.queryByText('Override moderation')).toBeNull();
  });
});

describe('a refused form shows where it is wrong', () => {
  it('focuses the first field in error when the check before sending fails (issue 38 §2)', async () => {
    answerOptions();
    const session = new FormSession(
      asSection(contractForm, contractFormNames, { hide: ['partner', 'status', 'version', 'revision'] }),
      { notice_period: -30 },
    );
    renderInApp(<DefinitionForm session={session} idPrefix="contract" />);
    const notice = await screen.findByLabelText(/^Notice period before terminating/, undefined, { timeout: 10_000 });
    expect(document.activeElement).not.toBe(notice);
    act(() => {
      expect(session.body()).toBeUndefined();
    });
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(notice.getAttribute('aria-invalid')).toBe('true');
  });
});
