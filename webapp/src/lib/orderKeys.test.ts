import { orderKeyFor, saveOrderKey } from './orderKeys';

describe('order keys in local storage', () => {
  it('keeps a key per order and finds it again', () => {
    saveOrderKey('a1', 'wc_order_one');
    saveOrderKey('b2', 'wc_order_two');
    expect(orderKeyFor('a1')).toBe('wc_order_one');
    expect(orderKeyFor('b2')).toBe('wc_order_two');
    expect(orderKeyFor('c3')).toBeNull();
    expect(JSON.parse(localStorage.getItem('orders')!)).toEqual({ a1: 'wc_order_one', b2: 'wc_order_two' });
  });

  it('keeps the newest 50', () => {
    for (let i = 0; i < 55; i++) saveOrderKey(`o${i}`, `k${i}`);
    expect(orderKeyFor('o4')).toBeNull();
    expect(orderKeyFor('o5')).toBe('k5');
    expect(orderKeyFor('o54')).toBe('k54');
  });

  it('survives junk in storage (logged only)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('orders', '{junk');
    expect(orderKeyFor('a1')).toBeNull();
    saveOrderKey('a1', 'k');
    expect(orderKeyFor('a1')).toBe('k');
    expect(warn).toHaveBeenCalled();
  });
});
