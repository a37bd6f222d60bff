import { useId, useState, type CSSProperties } from 'react';
import { swatchLayout, visibleTree } from '../hooks/filterTree';
import type { FilterNode } from '../types';
import styles from './FilterSidebar.module.css';

interface Props {
  /** The page's filter tree (terms its products carry). */
  tree: FilterNode[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onClear: () => void;
}

/** A colour term's swatch fill: one colour, or two split diagonally (colour_amount 'both'). */
export function swatchBackground(node: FilterNode): string {
  const first = node.colours?.first_colour || '#888';
  const second = node.colours?.second_colour;
  if (node.colours?.colour_amount === 'both' && second) return `linear-gradient(135deg, ${first} 0 50%, ${second} 50% 100%)`;
  return first;
}

const isColourGroup = (group: FilterNode) => group.isColour || (group.children.length > 0 && group.children.every((c) => c.isColour));

function ColourSwatches({ nodes, selected, onToggle }: { nodes: FilterNode[]; selected: ReadonlySet<number>; onToggle: (id: number) => void }) {
  const layout = swatchLayout(nodes.length);
  const style: CSSProperties = {
    gridTemplateColumns: `repeat(${layout.perRow}, minmax(0, 1fr))`,
    gridAutoRows: `${layout.height / Math.max(1, layout.rows)}px`,
    height: layout.height,
  };
  return (
    <ul className={styles.swatchGrid} style={style} data-rows={layout.rows}>
      {nodes.map((node) => (
        <li key={node.id}>
          <label className={styles.swatch} title={node.name} data-checked={selected.has(node.id) || undefined}>
            <input type="checkbox" className="visually-hidden" checked={selected.has(node.id)} onChange={() => onToggle(node.id)} />
            <span className={styles.swatchChip} style={{ background: swatchBackground(node) }} aria-hidden="true" />
            <span className="visually-hidden">{node.name}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

function TermList({ nodes, selected, onToggle }: { nodes: FilterNode[]; selected: ReadonlySet<number>; onToggle: (id: number) => void }) {
  return (
    <ul className={styles.terms}>
      {nodes.map((node) => (
        <li key={node.id}>
          <label className={styles.term}>
            <input type="checkbox" checked={selected.has(node.id)} onChange={() => onToggle(node.id)} />
            <span>{node.name}</span>
          </label>
          {node.children.length > 0 &&
            (isColourGroup(node) ? (
              <ColourSwatches nodes={node.children} selected={selected} onToggle={onToggle} />
            ) : (
              <TermList nodes={node.children} selected={selected} onToggle={onToggle} />
            ))}
        </li>
      ))}
    </ul>
  );
}

/**
 * The category filter sidebar (docs/spec.md section 2): one fieldset per top-level filter, terms nested
 * by parent, colour filters as swatches (8 per row, 35 px rows) with the colour's name as their
 * accessible name. Native checkboxes: keyboard operable. On small screens it folds behind a
 * 'Filters' button.
 */
export function FilterSidebar({ tree, selected, onToggle, onClear }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const groups = visibleTree(tree, selected);
  return (
    <aside className={styles.sidebar} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          Filters
        </h2>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide filters' : 'Show filters'}
          {selected.size > 0 && ` (${selected.size})`}
        </button>
      </div>
      <div id={`${id}-panel`} className={styles.panel} data-open={open || undefined}>
        {groups.map((group) => (
          <fieldset key={group.id} className={styles.group}>
            <legend className={styles.legend}>{group.name}</legend>
            {isColourGroup(group) ? (
              <ColourSwatches nodes={group.children} selected={selected} onToggle={onToggle} />
            ) : (
              <TermList nodes={group.children} selected={selected} onToggle={onToggle} />
            )}
          </fieldset>
        ))}
        {selected.size > 0 && (
          <button type="button" className={`button button--ghost ${styles.clear}`} onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
    </aside>
  );
}
