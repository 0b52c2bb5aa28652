/** Page scroll lock shared by modals and the side menu; nested locks release in any order. */
let locks = 0;
let previous = { overflow: '', paddingRight: '' };

export function lockScroll(): () => void {
  if (locks === 0) {
    const body = document.body;
    previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Keep the layout from jumping when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    body.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      document.body.style.overflow = previous.overflow;
      document.body.style.paddingRight = previous.paddingRight;
    }
  };
}
