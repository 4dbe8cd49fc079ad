# Generates random calculator expressions and Python 3.11's str() of each result (or Error: text).
import json, math, random, sys
rng = random.Random(20240611)

def num():
    r = rng.random()
    if r < 0.45: return str(rng.randint(0, 20))
    if r < 0.6: return str(rng.randint(0, 10**rng.randint(3, 30)))
    if r < 0.8: return rng.choice(['0.5', '2.5', '0.1', '3.75', '1e3', '1.5e-5', '7.0', '0.0', '1e16', '123.456', '2.675', '1e300', '.5', '5.'])
    return str(round(rng.uniform(-100, 100), rng.randint(0, 4)))

FUNCS = [('abs', 1), ('round', 1), ('round', 2), ('min', 2), ('max', 3), ('pow', 2), ('pow', 3), ('int', 1), ('float', 1),
         ('math.sqrt', 1), ('math.floor', 1), ('math.ceil', 1), ('math.gcd', 2), ('math.lcm', 2), ('math.isqrt', 1),
         ('math.factorial', 1), ('math.comb', 2), ('math.perm', 2)]

def expr(d):
    r = rng.random()
    if d <= 0 or r < 0.3: return num()
    if r < 0.4: return rng.choice(['-', '+']) + expr(d - 1)
    if r < 0.5: return '(' + expr(d - 1) + ')'
    if r < 0.62:
        name, arity = rng.choice(FUNCS)
        small = name in ('math.factorial', 'math.comb', 'math.perm', 'pow')
        args = [expr(d - 1) if rng.random() < 0.5 and not small else str(rng.randint(-3, 40)) for _ in range(arity)]
        if name == 'round' and arity == 2: args[1] = str(rng.randint(-3, 5))
        return f'{name}({", ".join(args)})'
    op = rng.choice(['+', '-', '*', '/', '//', '%', '**', '**', '//', '%'])
    if op == '**':
        exponent = rng.choice(["2", "3", "-1", "0.5", "-2", "10", "(-1)", "0", "1.5", "-0.5", "(1/3)", "7"])
        if exponent in ("1.5", "-0.5", "(1/3)"): approx[0] = True
        left = expr(d - 1)
        if ' ' in left and rng.random() < 0.9: left = f'({left})'
        elif ' ' in left and ('**' in left): left = f'({left})'
        return f'{left} ** {exponent}'
    return f'{expr(d - 1)} {op} {expr(d - 1)}'

def ours_str(v):
    if isinstance(v, bool) or not isinstance(v, (int, float)): return None
    if isinstance(v, int) and v.bit_length() > 16000: return None
    return str(v)

out, seen, approx = [], set(), [False]
while len(out) < 2000:
    approx[0] = False
    e = expr(rng.randint(1, 4))
    if e in seen: continue
    seen.add(e)
    try:
        v = eval(e, {'math': math, '__builtins__': {'abs': abs, 'round': round, 'min': min, 'max': max, 'pow': pow, 'int': int, 'float': float}})
        s = ours_str(v)
        if s is None: continue
    except (ZeroDivisionError, OverflowError, ValueError, TypeError) as x:
        if 'argument' in str(x) and 'pow()' not in str(x): continue
        if 'complex' in str(x): continue
        if 'Exceeds the limit' in str(x) or 'too many digits' in str(x): continue
        s = f'Error: {x}'
    except Exception:
        continue
    out.append([e, s, 1] if approx[0] else [e, s])
json.dump({'generator': 'scratch/calc/gen_vectors.py (Python %s)' % sys.version.split()[0], 'note': 'third item 1: uses a fractional exponent; JS pow may differ from glibc by an ulp', 'vectors': out}, open(sys.argv[1], 'w'), indent=0)
