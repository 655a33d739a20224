import { MESSAGE_MAX_LENGTH } from '@freemarket/contracts/constants';
import { useState } from 'react';
import { ComposeForm } from '../../../components/ui/compose-form';
import { useBroadcastMessage } from '../api/broadcast-message';

/** Spec 02 §2, the feed's Network Broadcast tab: one message to every connection. */
export function BroadcastForm() {
  const [content, setContent] = useState('');
  const broadcast = useBroadcastMessage(() => setContent(''));
  return (
    <ComposeForm
      label="Message to your network"
      hint="Each of your connections receives this as a direct message."
      placeholder="Send a message to all your connections..."
      value={content}
      onChange={setContent}
      maxLength={MESSAGE_MAX_LENGTH}
      pending={broadcast.isPending}
      submitLabel="Broadcast"
      pendingLabel="Sending..."
      onSubmit={(text) => broadcast.mutate({ content: text })}
    />
  );
}
