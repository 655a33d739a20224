/** Spec 01 §2 / 02 §2: what shows while the current member loads. */
export function LoadingScreen() {
  return (
    <div className="grid min-h-dvh place-items-center text-lg text-slate-700" role="status">
      Loading FreeMarket...
    </div>
  );
}
