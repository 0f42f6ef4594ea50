import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { errorMessages, fieldErrors, unwrap } from '../../api/errors';
import { onStepUp, type StepUpProof } from '../../api/step-up';

interface Ask {
  proof: StepUpProof;
  answer(done: boolean): void;
}

/**
 * The step-up dialog's state: the proof the API middleware asks for (it waits on the answer), what
 * is typed, and the send of it; `finish` answers the middleware (true once the server took it).
 */
export function useStepUp() {
  const [ask, setAsk] = useState<Ask | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<Ask | null>(null);

  useEffect(
    () =>
      onStepUp(
        (proof) =>
          new Promise<boolean>((resolve) => {
            const next = { proof, answer: resolve };
            current.current = next;
            setValue('');
            setError(null);
            setAsk(next);
          }),
      ),
    [],
  );

  const finish = (done: boolean) => {
    current.current?.answer(done);
    current.current = null;
    setAsk(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ask || busy) return;
    setBusy(true);
    try {
      await unwrap(
        api.POST('/api/auth/step-up/', { body: ask.proof === 'code' ? { code: value } : { password: value } }),
      );
      finish(true);
    } catch (failure) {
      const fields = fieldErrors(failure);
      setError(fields[ask.proof] ?? errorMessages(failure).join(' '));
    } finally {
      setBusy(false);
    }
  };
  return { open: !!ask, isCode: ask?.proof === 'code', value, setValue, error, busy, finish, submit };
}
