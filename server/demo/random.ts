/** A small deterministic generator (xorshift32): the same seed draws the same numbers in [0, 1), for repeatable demo data, frames and benchmarks. */
export const seededRandom = (seed: number) => {
    let s = seed >>> 0 || 1;
    return () => {
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        return (s >>> 0) / 4294967296;
    };
};
