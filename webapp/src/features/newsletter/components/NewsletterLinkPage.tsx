import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { Link, useSearchParams } from '@/lib/router';
import { confirmSubscription, unsubscribeByLink } from '../api/links';
import { TEXTS } from '../hooks/newsletterMachine';
import type { LinkResult } from '../types';
import styles from './Newsletter.module.css';

type Kind = 'confirm' | 'unsubscribe';
type Act = (token: string) => Promise<LinkResult>;

interface View {
  title: string;
  lead: ReactNode;
  actions?: 'shop' | 'sign-up' | 'sign-up-and-shop' | 'retry';
}

/** What each page says in each state ('Something went wrong, please try again later': docs/spec.md section 8). */
const VIEWS: Record<Kind, Record<LinkResult | 'working', View>> = {
  confirm: {
    working: { title: 'Confirming your subscription…', lead: 'One moment.' },
    done: {
      title: 'Subscription confirmed',
      lead: "Thanks! You're on the list: drops, restocks and tournament deals go straight to your inbox. Every newsletter has a link to unsubscribe with one click.",
      actions: 'shop',
    },
    expired: {
      title: 'This link has expired',
      lead: "Confirmation links work for a limited time. Sign up again and we'll send you a new one.",
      actions: 'sign-up',
    },
    invalid: {
      title: 'This link does not work',
      lead: "It may be incomplete, or your subscription has changed since. Sign up again and we'll send you a new link.",
      actions: 'sign-up',
    },
    failed: { title: 'Something went wrong', lead: TEXTS.failed, actions: 'retry' },
  },
  unsubscribe: {
    working: { title: 'Unsubscribing…', lead: 'One moment.' },
    done: {
      title: "You're unsubscribed",
      lead: "We won't send you the newsletter any more. Changed your mind? You can sign up again any time.",
      actions: 'sign-up-and-shop',
    },
    expired: { title: 'This link does not work', lead: 'Please use the unsubscribe link of a newer mail from us.', actions: 'shop' },
    invalid: {
      title: 'This link does not work',
      lead: 'It may be incomplete. Every newsletter from us has a link that unsubscribes you with one click.',
      actions: 'shop',
    },
    failed: { title: 'Something went wrong', lead: TEXTS.failed, actions: 'retry' },
  },
};

const ACTS: Record<Kind, Act> = { confirm: confirmSubscription, unsubscribe: unsubscribeByLink };

/**
 * Calls the link's action once per token and attempt (React's development double effects share
 * the one request) and gives its result, `working` until then; no token is `invalid`.
 */
function useLinkResult(token: string, act: Act) {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; result: LinkResult } | null>(null);
  const started = useRef<{ key: string; promise: Promise<LinkResult> } | null>(null);
  const runAct = useEffectEvent((linkToken: string) => act(linkToken));
  const key = `${token}#${attempt}`;

  useEffect(() => {
    if (!token) return;
    if (started.current?.key !== key) started.current = { key, promise: runAct(token) };
    let live = true;
    void started.current.promise.then((result) => live && setSettled({ key, result }));
    return () => {
      live = false;
    };
  }, [token, key]);

  const result: LinkResult | 'working' = !token ? 'invalid' : settled?.key === key ? settled.result : 'working';
  return { result, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The page a newsletter mail's link opens (double opt-in): `/newsletter/confirm?token=` confirms
 * the subscription, `/newsletter/unsubscribe?token=` unsubscribes with this one click. The call
 * goes out as the page opens and the page says how it went; a failure offers 'Try again', a dead
 * link the way to sign up again (the ?newsletter modal).
 */
export function NewsletterLinkPage({ kind, act = ACTS[kind] }: { kind: Kind; act?: Act }) {
  const [params] = useSearchParams();
  const { result, retry } = useLinkResult(params.get('token') ?? '', act);
  const view = VIEWS[kind][result];
  return (
    <div className="container section" aria-live="polite" aria-busy={result === 'working'}>
      <PageHeading kicker="Newsletter" title={view.title}>
        <p>{view.lead}</p>
      </PageHeading>
      <div className={styles.linkActions}>
        {view.actions === 'retry' && (
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        )}
        {(view.actions === 'sign-up' || view.actions === 'sign-up-and-shop') && (
          <Link className="button" to={paths.newsletterSignUp}>
            Sign up again
          </Link>
        )}
        {(view.actions === 'shop' || view.actions === 'sign-up-and-shop') && (
          <Link className={view.actions === 'shop' ? 'button' : 'button button--ghost'} to={paths.home}>
            Back to the shop
          </Link>
        )}
      </div>
    </div>
  );
}
