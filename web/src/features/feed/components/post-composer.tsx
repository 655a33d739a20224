import { useState } from 'react';
import { ComposeForm } from '../../../components/ui/compose-form';
import { POST_MAX_LENGTH } from '../utils/constants';
import { useCreatePost } from '../api/create-post';

/** Spec 02 §2, the feed's Public Post tab. */
export function PostComposer() {
  const [content, setContent] = useState('');
  const create = useCreatePost(() => setContent(''));
  return (
    <ComposeForm
      label="What's on your mind?"
      hint="Everyone on FreeMarket can read your post in the Community Feed."
      placeholder="Share something with the community..."
      value={content}
      onChange={setContent}
      maxLength={POST_MAX_LENGTH}
      pending={create.isPending}
      submitLabel="Post"
      pendingLabel="Posting..."
      onSubmit={(text) => create.mutate({ content: text })}
    />
  );
}
