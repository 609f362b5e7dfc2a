// Benchmark W7 (bench/w7.h) on Boost.Math autodiff's nested fvar: make_ftuple<double, 6, 6,
// 6> (Boost keeps every partial up to order 6 in each variable, a superset of total order
// 6). Prints a RESULT line (ns per point, best and median of 5 passes) with the checksum
// (sum of the Taylor coefficients of total order <= 6, as bench_w7 at the same grid).
// Usage: bench_w7_boost [grid]   (default 10: Boost takes milliseconds per point;
// compare with bench_w7 at the same grid, e.g. bench_w7 10)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <boost/math/differentiation/autodiff.hpp>
#include "w7.h"

using namespace boost::math::differentiation;

static double w7_boost(int G)
{
    double cs = 0.0, fact[W7_ORDER + 1] = {1.0};
    for (int k = 1; k <= W7_ORDER; k++) fact[k] = fact[k - 1] * k;
    for (int i = 0; i < G; i++)
        for (int j = 0; j < G; j++)
            for (int l = 0; l < G; l++) {
                auto const v = make_ftuple<double, W7_ORDER, W7_ORDER, W7_ORDER>(
                    W7_COORD(i, G), W7_COORD(j, G), W7_COORD(l, G));
                auto const &x = std::get<0>(v);
                auto const &y = std::get<1>(v);
                auto const &z = std::get<2>(v);
                auto const f = exp(x * y * z) * sin(x + y + z) + 1 / (1 + x * x + 2 * y * y + 3 * z * z);
                for (int p = 0; p <= W7_ORDER; p++)
                    for (int q = 0; p + q <= W7_ORDER; q++)
                        for (int r = 0; p + q + r <= W7_ORDER; r++)
                            cs += f.derivative(p, q, r) / (fact[p] * fact[q] * fact[r]);
            }
    return cs;
}

int main(int argc, char **argv)
{
    int G = argc >= 2 ? std::atoi(argv[1]) : 10;
    if (G < 2) {
        std::fprintf(stderr, "usage: bench_w7_boost [grid >= 2]\n");
        return 2;
    }
    double t[5], cs = 0.0;
    for (double &ti : t) {
        auto t0 = std::chrono::steady_clock::now();
        cs = w7_boost(G);
        ti = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    std::sort(t, t + 5);
    double pts = double(G) * G * G;
    std::printf("RESULT,boost_autodiff,-O3,W7,%d,ns_per_point,%.4f,%.4f,%.17g,\n", W7_ORDER,
                t[0] * 1e9 / pts, t[2] * 1e9 / pts, cs);
    return 0;
}
