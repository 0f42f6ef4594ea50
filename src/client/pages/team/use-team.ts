import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Choice } from '../../engine/core/form-adapter';
import { useProperties } from '../../api/properties';
import type { AuthorizedUserWire, PermissionsWire } from '../../../shared/generated/wire-types';
import {
  inviteMember,
  removeMember,
  savePermissions,
  teamKeys,
  updateMember,
  useMember,
  usePermissionsOf,
  useTeam,
} from './team-api';

/** The owner's team (asked for only when the viewer is the owner), and removing a member from it. */
export function useTeamList(owner: boolean) {
  const { data, isError } = useTeam(owner);
  const queryClient = useQueryClient();
  const remove = async (member: AuthorizedUserWire) => {
    await removeMember(member.id);
    await queryClient.invalidateQueries({ queryKey: teamKeys.team });
  };
  return { team: data, failed: isError, remove };
}

/** An invitation: sent, then the team asked again and the new member's page opened. */
export function useInvite(onClose: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invited = (member: AuthorizedUserWire) => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.team });
    onClose();
    navigate(`/addauth-users/${member.id}`, { state: { invited: member.email } });
  };
  return { send: inviteMember, invited };
}

/** One team member (id 0 asks nothing), and removing them, which goes back to the team. */
export function useMemberDetails(id: number) {
  const { data, isError } = useMember(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = async (member: AuthorizedUserWire) => {
    await removeMember(member.id);
    await queryClient.invalidateQueries({ queryKey: teamKeys.team, exact: true });
    navigate('/authorized-users', { replace: true });
  };
  return { member: data, failed: isError, remove };
}

/** A member's details saved: the answer kept as the member, the team's list asked again. */
export function useMemberSave() {
  const queryClient = useQueryClient();
  const saved = (answer: AuthorizedUserWire) => {
    queryClient.setQueryData(teamKeys.member(answer.id), answer);
    void queryClient.invalidateQueries({ queryKey: teamKeys.team, exact: true });
  };
  return { send: updateMember, saved };
}

/** A member's permissions and the account's properties they may be given, and saving them (the answer kept). */
export function useMemberPermissions(userId: number) {
  const permissions = usePermissionsOf(userId);
  const properties = useProperties();
  const queryClient = useQueryClient();
  const choices = useMemo<Choice[] | undefined>(
    () => properties.data?.map((p) => ({ value: p.id, label: p.hotel_name })),
    [properties.data],
  );
  return {
    permissions: permissions.data,
    choices,
    failed: permissions.isError || properties.isError,
    send: savePermissions,
    saved: (answer: PermissionsWire) => queryClient.setQueryData(teamKeys.permissions(answer.user), answer),
  };
}
