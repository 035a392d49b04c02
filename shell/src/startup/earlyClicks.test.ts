import { holdEarlyClicks, releaseEarlyClicks } from './earlyClicks';

function page() {
  document.body.innerHTML = `
    <div id="root">
      <button id="add">Add to Basket</button>
      <label><input id="agree" type="checkbox"> Agree</label>
      <a id="link" href="#elsewhere">Elsewhere</a>
    </div>
    <button id="outside">Outside</button>`;
  return document.getElementById('root')!;
}

afterEach(() => releaseEarlyClicks());

describe('taps before React listens', () => {
  it('holds a tap on a button and taps it again, once, on release', () => {
    const root = page();
    holdEarlyClicks(root);
    const add = document.getElementById('add')!;
    const clicks = jest.fn();
    add.addEventListener('click', clicks);

    add.click();
    add.click(); // an impatient second tap
    expect(clicks).not.toHaveBeenCalled();

    releaseEarlyClicks();
    expect(clicks).toHaveBeenCalledTimes(1);
    // Holding has ended: later taps go straight through.
    add.click();
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it("keeps a checkbox's toggle for the replay, and lets links and the page outside the root be", () => {
    const root = page();
    holdEarlyClicks(root);
    const agree = document.getElementById('agree') as HTMLInputElement;
    const outside = jest.fn();
    const link = jest.fn();
    document.getElementById('outside')!.addEventListener('click', outside);
    document.getElementById('link')!.addEventListener('click', link);

    agree.click();
    expect(agree.checked).toBe(false);
    document.getElementById('outside')!.click();
    document.getElementById('link')!.click();
    expect(outside).toHaveBeenCalledTimes(1);
    expect(link).toHaveBeenCalledTimes(1);

    releaseEarlyClicks();
    expect(agree.checked).toBe(true);
  });

  it('replays taps on different controls in order, and none on a control that left the page', () => {
    const root = page();
    holdEarlyClicks(root);
    const order: string[] = [];
    const add = document.getElementById('add')!;
    add.addEventListener('click', () => order.push('add'));
    document.getElementById('agree')!.addEventListener('click', () => order.push('agree'));

    add.click();
    document.getElementById('agree')!.click();
    releaseEarlyClicks();
    expect(order).toEqual(['add', 'agree']);

    holdEarlyClicks(root);
    add.click();
    add.remove();
    releaseEarlyClicks();
    expect(order).toEqual(['add', 'agree']);
  });
});
