import type { ImgHTMLAttributes } from 'react';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  src: string | null | undefined;
  alt: string;
  width?: number | null;
  height?: number | null;
  /** Above-the-fold images load eagerly; the rest lazily. */
  eager?: boolean;
}

export function Img({ src, alt, width, height, eager = false, ...rest }: Props) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      {...rest}
    />
  );
}
