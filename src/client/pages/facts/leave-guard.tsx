import { LeaveGuard } from '../../components/leave-guard';
import type { EditorSession } from './editor-session';
import { useT } from '../../i18n';

interface Props {
  session: EditorSession;
  /** Whether a location is still this editor (switching tabs saves instead of asking). */
  stays(location: { pathname: string; search: string }): boolean;
  onSaveFailed(): void;
}

/** The facts editor's leave guard: it offers to save the changed tabs before leaving. */
export function FactsLeaveGuard({ session, stays, onSaveFailed }: Props) {
  const t = useT();
  return (
    <LeaveGuard
      narrow
      dirty={() => session.anyDirty()}
      stays={stays}
      message={t('facts.leave_message')}
      onSave={async () => {
        const result = await session.saveDirty();
        if (!result.ok) onSaveFailed();
        return result.ok;
      }}
    />
  );
}
