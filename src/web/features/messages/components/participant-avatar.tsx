import type { ComponentProps } from 'react';
import type { Participant } from '../../../../shared/messaging.js';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.js';
import { participantName } from './participants.js';

export function ParticipantAvatar({ participant, ...props }: { participant: Participant } & ComponentProps<typeof Avatar>) {
  return (
    <Avatar {...props}>
      {participant.profileImageUrl && <AvatarImage src={participant.profileImageUrl} alt="" />}
      <AvatarFallback>{participantName(participant).charAt(0).toUpperCase()}</AvatarFallback>
    </Avatar>
  );
}
