import { useState, type CSSProperties, type ImgHTMLAttributes } from 'react';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  src: string | null | undefined;
  alt: string;
  width?: number | null;
  height?: number | null;
  /** Above-the-fold images load eagerly; the rest lazily. */
  eager?: boolean;
  /**
   * What shows when the image cannot be loaded (docs/spec.md section 2.16): `neutral` (default) a
   * plain tile, `none` an invisible box (a layer stacked over others, such as a configurator
   * layer). Either keeps the image's size and class, so the layout does not move.
   */
  fallback?: 'neutral' | 'none';
}

/**
 * Every image of the storefront. Lazy unless `eager`; when the image fails to load (the host is
 * unreachable, the file is gone) it is replaced by a box of the same class and aspect ratio,
 * never a broken-image icon. The box is announced with `alt` as a `role="img"` (hidden when
 * `alt` is empty, as the image was). A new `src` tries again.
 */
export function Img({ src, alt, width, height, eager = false, fallback = 'neutral', className, style, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src) return null;
  if (failedSrc === src) {
    const box: CSSProperties = {
      ...(width && height ? { aspectRatio: `${width} / ${height}` } : {}),
      ...(width ? ({ '--img-w': `${width}px` } as CSSProperties) : {}),
      ...style,
    };
    return (
      <span
        className={['img-fallback', className ?? ''].join(' ').trim()}
        data-fallback={fallback}
        style={box}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      />
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width ?? undefined}
      height={height ?? undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={className}
      style={style}
      {...rest}
      onError={(event) => {
        setFailedSrc(src);
        rest.onError?.(event);
      }}
    />
  );
}
