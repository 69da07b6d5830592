import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';

export function ComposerHeader({ editing }: { editing: boolean }) {
  return (
    <>
      <Link to="/posts" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="size-4" aria-hidden />
        Posts
      </Link>
      <PageHeader
        title={editing ? 'Edit post' : 'New post'}
        description="Write once, adjust per platform, and see each platform's rules checked as you type."
      />
    </>
  );
}
