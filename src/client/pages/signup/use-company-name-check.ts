import { useRef, useState } from 'react';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/**
 * The sign-up's check of its company name (issue 38 §2), once the person leaves the field: a
 * warning, never a refusal (two companies may share a name), so a failed or refused check (429)
 * says nothing rather than stopping anyone.
 */
export function useCompanyNameCheck() {
  const [taken, setTaken] = useState(false);
  // The name last sent: an answer that comes back after the name changed is dropped.
  const latest = useRef('');
  const check = async (value: string) => {
    const company = value.trim();
    latest.current = company;
    if (!company) return setTaken(false);
    try {
      const answer = await unwrap(api.POST('/api/auth/company-name-taken/', { body: { company } }));
      if (latest.current === company) setTaken(answer.taken);
    } catch {
      if (latest.current === company) setTaken(false);
    }
  };
  return {
    taken,
    onBlur: (value: string) => void check(value),
    // Typing again withdraws the warning until the field is left again.
    onChange: () => {
      latest.current = '';
      setTaken(false);
    },
  };
}
