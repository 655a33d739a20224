import { MessageSquare } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useSendMessage } from '../api/send-message';

/** Spec 01 §5: the profile dialog asks with a simple prompt; empty input sends nothing. */
export function MessagePromptButton({ userId }: { userId: string }) {
  const send = useSendMessage({ announce: true });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={send.isPending}
      onClick={() => {
        const content = window.prompt('Enter your message:');
        if (!content || content.trim() === '') return;
        send.mutate({ receiverId: userId, content: content.trim() });
      }}
    >
      <MessageSquare className="h-4 w-4" aria-hidden="true" /> Message
    </Button>
  );
}
