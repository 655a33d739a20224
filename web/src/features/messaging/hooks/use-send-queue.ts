import { useCallback, useRef, useState } from 'react';
import { useSendMessage } from '../api/send-message';

/**
 * Sends one conversation's messages one at a time, in the order the member sent them: a message
 * sent while another is on its way waits for it instead of being dropped. A failed send stops the
 * queue and hands `onUnsent` its text and every one after it, so nothing typed is lost.
 */
export function useSendQueue(receiverId: string, onUnsent: (contents: string[]) => void): { send: (content: string) => void; sending: boolean } {
  const { mutateAsync } = useSendMessage({ announce: false });
  const queue = useRef<string[]>([]);
  const [sending, setSending] = useState(false);

  const drain = useCallback(async () => {
    setSending(true);
    for (let next = queue.current[0]; next !== undefined; next = queue.current[0]) {
      try {
        await mutateAsync({ receiverId, content: next });
        queue.current.shift();
      } catch {
        // The failure's toast comes from the mutation's meta.
        onUnsent(queue.current.splice(0));
      }
    }
    setSending(false);
  }, [mutateAsync, onUnsent, receiverId]);

  const send = useCallback(
    (content: string) => {
      queue.current.push(content);
      // The head of the queue stays in it until its send settles, so one drain runs at a time.
      if (queue.current.length === 1) void drain();
    },
    [drain],
  );
  return { send, sending };
}
