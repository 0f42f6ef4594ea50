import { LeaveGuard } from '../../components/leave-guard';
import type { EditorSession } from './editor-session';

interface Props {
  session: EditorSession;
  /** Whether a location is still this editor (switching tabs saves instead of asking). */
  stays(location: { pathname: string; search: string }): boolean;
  onSaveFailed(): void;
}

/** The facts editor's leave guard: it offers to save the changed tabs before leaving. */
export function FactsLeaveGuard({ session, stays, onSaveFailed }: Props) {
  return (
    <LeaveGuard
      narrow
      dirty={() => session.anyDirty()}
      stays={stays}
      message="You changed facts that are not saved yet. Save them before you leave?"
      onSave={async () => {
        const result = await session.saveDirty();
        if (!result.ok) onSaveFailed();
        return result.ok;
      }}
    />
  );
}
